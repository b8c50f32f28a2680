import { can, type Role } from '@basin/core';
import type { SwaggerDefinition } from '../../data/pg-meta/types';
import { EmptyState } from '../../ui/empty-state';
import { CodeExample, ExampleList } from './code-example';
import {
  authExamples,
  bucketExamples,
  edgeFunctionExample,
  oauthExample,
  rpcExample,
  tableExamples,
  type DocsLanguage,
} from './docs-examples';
import type { DocsPage } from './docs-sections';
import { IntroductionPage } from './introduction-page';
import { RealtimeDocs } from './realtime-docs';
import type { DocsItems } from './use-docs-items';

function Columns({ definition }: { definition: SwaggerDefinition | undefined }) {
  const properties = Object.entries(definition?.properties ?? {});
  if (properties.length === 0) return null;
  const required = new Set(definition?.required ?? []);
  return (
    <table className="w-full text-left text-xs">
      <thead className="text-muted">
        <tr>
          <th className="py-1 font-medium">Column</th>
          <th className="py-1 font-medium">Type</th>
          <th className="py-1 font-medium">Required</th>
        </tr>
      </thead>
      <tbody>
        {properties.map(([name, property]) => (
          <tr key={name} className="border-t border-border">
            <td className="py-1 font-mono">{name}</td>
            <td className="py-1 font-mono text-muted">{property.format ?? property.type ?? ''}</td>
            <td className="py-1">{required.has(name) ? 'Yes' : 'No'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Overview({ text, empty, count }: { text: string; empty: string; count: number }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-[13px] text-muted">{text}</p>
      {count === 0 ? <EmptyState title={empty} /> : <p className="text-xs text-muted">Pick one in the list on the left.</p>}
    </div>
  );
}

export interface DocsContentProps {
  page: DocsPage;
  projectRef: string;
  url: string;
  role: Role | undefined;
  language: DocsLanguage;
  items: DocsItems;
}

/** The page the panel shows for the selected section or item. */
export function DocsContent({ page, projectRef, url, role, language, items }: DocsContentProps) {
  const { section, item } = page;
  if (section === 'introduction') return <IntroductionPage projectRef={projectRef} url={url} role={role} language={language} />;
  if (section === 'user-management') {
    const examples = can(role, 'auth.sign_in_providers:read') ? [...authExamples(url), oauthExample()] : authExamples(url);
    return <ExampleList examples={examples} language={language} />;
  }
  if (section === 'realtime')
    return <RealtimeDocs projectRef={projectRef} url={url} role={role} language={language} table={items.tables[0]} />;
  if (section === 'tables') {
    if (!item)
      return (
        <Overview
          text="Every table and view of the exposed schemas has a REST endpoint."
          empty="No tables or views exposed"
          count={items.tables.length}
        />
      );
    const definition = items.description.data?.definitions?.[item];
    return (
      <div className="flex flex-col gap-5">
        {definition?.description ? <p className="text-[13px] text-muted">{definition.description}</p> : null}
        <Columns definition={definition} />
        <ExampleList examples={tableExamples(url, item, definition)} language={language} />
      </div>
    );
  }
  if (section === 'rpc') {
    const fn = items.functions.find((candidate) => candidate.name === item);
    if (!fn)
      return (
        <Overview
          text="Functions of the exposed schemas are called through /rest/v1/rpc."
          empty="No stored procedures exposed"
          count={items.functions.length}
        />
      );
    return <CodeExample example={rpcExample(url, fn.name, fn.args)} language={language} />;
  }
  if (section === 'storage') {
    const bucket = items.buckets.find((candidate) => candidate.name === item);
    if (!bucket)
      return (
        <Overview text="Files live in buckets; each bucket is public or private." empty="No buckets yet" count={items.buckets.length} />
      );
    return <ExampleList examples={bucketExamples(url, bucket.name, bucket.public)} language={language} />;
  }
  const edgeFunction = items.edgeFunctions.find((candidate) => candidate.name === item);
  if (!edgeFunction)
    return (
      <Overview text="Edge functions run your code close to your users." empty="No edge functions yet" count={items.edgeFunctions.length} />
    );
  return <CodeExample example={edgeFunctionExample(url, edgeFunction.slug)} language={language} />;
}
