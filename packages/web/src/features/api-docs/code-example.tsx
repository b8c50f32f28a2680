import { CopyButton } from '../../ui/copy-button';
import type { DocsLanguage, Example } from './docs-examples';

export function CodeExample({ example, language }: { example: Example; language: DocsLanguage }) {
  const code = example[language];
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-[13px] font-medium">{example.title}</h3>
      {example.description ? <p className="text-xs text-muted">{example.description}</p> : null}
      <div className="overflow-hidden rounded-md border border-border bg-surface-muted">
        <div className="flex justify-end border-b border-border px-1.5 py-1">
          <CopyButton value={code} />
        </div>
        <pre className="overflow-x-auto p-3 font-mono text-xs leading-relaxed">
          <code>{code}</code>
        </pre>
      </div>
    </section>
  );
}

export function ExampleList({ examples, language }: { examples: Example[]; language: DocsLanguage }) {
  return (
    <div className="flex flex-col gap-5">
      {examples.map((example) => (
        <CodeExample key={example.title} example={example} language={language} />
      ))}
    </div>
  );
}
