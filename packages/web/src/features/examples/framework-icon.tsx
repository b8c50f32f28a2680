import { cn } from '../../ui/cn';
import { hasDarkIconVariant, type ExampleAppFramework } from '@basin/core';

/** Letter marks in each framework's colour (drawn here: no network, no third-party logos). */
const MARKS: Record<ExampleAppFramework, { text: string; className: string }> = {
  nextjs: { text: 'N', className: 'bg-black text-white' },
  react: { text: 'R', className: 'bg-[#20232a] text-[#61dafb]' },
  vue: { text: 'V', className: 'bg-[#42b883] text-[#35495e]' },
  nuxt: { text: 'N', className: 'bg-[#00dc82] text-[#020420]' },
  sveltekit: { text: 'S', className: 'bg-[#ff3e00] text-white' },
  angular: { text: 'A', className: 'bg-[#dd0031] text-white' },
  solid: { text: 'S', className: 'bg-[#2c4f7c] text-white' },
  expo: { text: 'E', className: 'bg-black text-white' },
  flutter: { text: 'F', className: 'bg-[#02569b] text-[#54c5f8]' },
  swift: { text: 'S', className: 'bg-[#f05138] text-white' },
};

/** Frameworks with a black logo switch to the light variant in the dark theme. */
const DARK_VARIANT = 'dark:bg-white dark:text-black';

export function FrameworkIcon({ framework, className }: { framework: ExampleAppFramework; className?: string }) {
  const mark = MARKS[framework];
  return (
    <span
      aria-hidden="true"
      data-framework={framework}
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-md font-mono text-sm font-bold',
        mark.className,
        hasDarkIconVariant(framework) && DARK_VARIANT,
        className,
      )}
    >
      {mark.text}
    </span>
  );
}
