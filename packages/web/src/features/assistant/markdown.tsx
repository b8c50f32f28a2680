import type { ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CodeBlock } from './code-block';
import { SafeLink } from './safe-link';

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (node && typeof node === 'object' && 'props' in node) return textOf((node.props as { children?: ReactNode }).children);
  return '';
}

const COMPONENTS: Components = {
  a: ({ href, children }) => <SafeLink href={href}>{children}</SafeLink>,
  // Images could call any address as soon as they show: their text stands in for them.
  img: ({ alt }) => <span className="text-muted">[{alt || 'image'}]</span>,
  pre: ({ children }) => {
    const code = Array.isArray(children) ? children[0] : children;
    const props = (code && typeof code === 'object' && 'props' in code ? code.props : {}) as { className?: string; children?: ReactNode };
    const language = /language-([\w-]+)/.exec(props.className ?? '')?.[1];
    return <CodeBlock language={language} code={textOf(props.children)} />;
  },
  code: ({ children }) => <code className="rounded bg-surface-muted px-1 py-0.5 font-mono text-[12px]">{children}</code>,
  table: ({ children }) => (
    <div className="my-2 overflow-x-auto">
      <table className="w-full border-collapse text-xs">{children}</table>
    </div>
  ),
  th: ({ children }) => <th className="border border-border px-2 py-1 text-left font-medium">{children}</th>,
  td: ({ children }) => <td className="border border-border px-2 py-1">{children}</td>,
};

/** The assistant's text as Markdown (GitHub flavour); raw HTML is not rendered. */
export default function Markdown({ text }: { text: string }) {
  return (
    <div className="assistant-markdown flex flex-col gap-2 text-[13px] leading-relaxed [&_h1]:text-sm [&_h1]:font-semibold [&_h2]:text-sm [&_h2]:font-semibold [&_h3]:font-medium [&_li]:ml-4 [&_ol]:list-decimal [&_ul]:list-disc">
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={COMPONENTS} urlTransform={(url) => url} skipHtml>
        {text}
      </ReactMarkdown>
    </div>
  );
}
