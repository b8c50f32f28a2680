import {
  siAngular,
  siExpo,
  siFlutter,
  siNextdotjs,
  siNuxt,
  siReact,
  siSolid,
  siSvelte,
  siSwift,
  siVuedotjs,
  type SimpleIcon,
} from 'simple-icons';
import { hasDarkIconVariant, type ExampleAppFramework } from '@basin/core';
import { cn } from '../../ui/cn';

/** Each framework's logo from Simple Icons, bundled (no network); only these few are imported. */
const ICONS: Record<ExampleAppFramework, SimpleIcon> = {
  nextjs: siNextdotjs,
  react: siReact,
  vue: siVuedotjs,
  nuxt: siNuxt,
  sveltekit: siSvelte,
  angular: siAngular,
  solid: siSolid,
  expo: siExpo,
  flutter: siFlutter,
  swift: siSwift,
};

/** Relative luminance (WCAG) of a `RRGGBB` colour: 0 for black, 1 for white. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [0, 2, 4].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Below this a brand colour disappears on the dark theme's surface (Angular's is near black). */
const TOO_DARK = 0.03;

export function FrameworkIcon({ framework, className }: { framework: ExampleAppFramework; className?: string }) {
  const icon = ICONS[framework];
  // A black logo takes the text colour, so it turns light in the dark theme.
  const dark = hasDarkIconVariant(framework) || luminance(icon.hex) < TOO_DARK;
  return (
    <span
      aria-hidden="true"
      data-framework={framework}
      className={cn(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-md border border-border bg-surface',
        dark && 'text-foreground',
        className,
      )}
    >
      <svg role="img" viewBox="0 0 24 24" className="size-5" fill={dark ? 'currentColor' : `#${icon.hex}`}>
        <title>{icon.title}</title>
        <path d={icon.path} />
      </svg>
    </span>
  );
}
