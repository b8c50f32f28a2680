import { can, type Role } from '@basin/core';
import { useProjectSettingsQuery } from '../../data/api-keys/use-project-settings';
import { ExampleList } from './code-example';
import { ANON_KEY, realtimeExamples, type DocsLanguage } from './docs-examples';

/** The Realtime section: its examples with the project's URL and, for members who may read it, its anon key. */
export function RealtimeDocs({
  projectRef,
  url,
  role,
  language,
  table,
}: {
  projectRef: string;
  url: string;
  role: Role | undefined;
  language: DocsLanguage;
  table: string | undefined;
}) {
  const mayReadKeys = can(role, 'service_api_keys:read');
  const { data } = useProjectSettingsQuery(projectRef, { enabled: mayReadKeys });
  const anonKey = data?.service_api_keys.find((key) => key.tags === 'anon')?.api_key;
  return (
    <div className="flex flex-col gap-5">
      <p className="text-[13px] text-muted">
        Realtime sends database changes, broadcast messages and presence to clients over a WebSocket. Try a channel live in Realtime →
        Inspector.
      </p>
      {anonKey ? null : <p className="text-xs text-muted">Put the project&apos;s anon key in place of {ANON_KEY}.</p>}
      <ExampleList examples={realtimeExamples(url, table, anonKey)} language={language} />
    </div>
  );
}
