import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { can, type Role } from '@basin/core';
import { useProjectSettingsQuery } from '../../data/api-keys/use-project-settings';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CodeExample } from './code-example';
import { ANON_KEY, clientExample, SERVICE_ROLE_KEY, type DocsLanguage } from './docs-examples';
import { GenerateTypesButton } from './generate-types-button';

export const NO_KEYS_PERMISSION = "You don't have permission to view API keys. These keys restricted to users with higher access levels.";
export const DOCUMENTATION_URL = 'https://supabase.com/docs';

function KeyRow({ label, value, shown }: { label: string; value: string; shown: boolean }) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-xs text-muted">{label}</span>
      <code className="rounded-md border border-border bg-surface-muted px-2 py-1.5 font-mono text-xs">
        {shown ? value : '•'.repeat(24)}
      </code>
    </div>
  );
}

/** The project's keys for members who may read them; placeholders until they load (or if they cannot). */
function useDocsKeys(projectRef: string, role: Role | undefined) {
  const { data } = useProjectSettingsQuery(projectRef, { enabled: can(role, 'service_api_keys:read') });
  const keyFor = (tag: string) => data?.service_api_keys.find((key) => key.tags === tag)?.api_key;
  return { anon: keyFor('anon'), serviceRole: keyFor('service_role') };
}

function ApiKeys({
  role,
  keys,
  shown,
  onShownChange,
}: {
  role: Role | undefined;
  keys: ReturnType<typeof useDocsKeys>;
  shown: boolean;
  onShownChange: (shown: boolean) => void;
}) {
  if (!can(role, 'service_api_keys:read')) return <Alert title={NO_KEYS_PERMISSION} />;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between">
        <h3 className="text-[13px] font-medium">API keys</h3>
        <Button size="sm" variant="ghost" onClick={() => onShownChange(!shown)} aria-pressed={shown}>
          {shown ? <EyeOff className="size-3.5" aria-hidden="true" /> : <Eye className="size-3.5" aria-hidden="true" />}
          {shown ? 'Hide keys' : 'Show keys'}
        </Button>
      </div>
      <KeyRow label="anon (public)" value={keys.anon ?? ANON_KEY} shown={shown} />
      <KeyRow label="service_role (secret)" value={keys.serviceRole ?? SERVICE_ROLE_KEY} shown={shown} />
      <p className="text-xs text-muted">
        The examples of the other pages use the placeholders {ANON_KEY} and {SERVICE_ROLE_KEY}: put these keys in their place.
      </p>
    </div>
  );
}

export function IntroductionPage({
  projectRef,
  url,
  role,
  language,
}: {
  projectRef: string;
  url: string;
  role: Role | undefined;
  language: DocsLanguage;
}) {
  const keys = useDocsKeys(projectRef, role);
  // The example prints the real key only while the keys are shown.
  const [shown, setShown] = useState(false);
  return (
    <div className="flex flex-col gap-6">
      <p className="text-[13px] text-muted">
        Your project has a REST API built from its database schema. The panel documents the tables, views and functions of the exposed
        schemas; it follows schema changes as they happen.
      </p>
      <div className="flex flex-col gap-1">
        <span className="text-xs text-muted">Project URL</span>
        <code className="rounded-md border border-border bg-surface-muted px-2 py-1.5 font-mono text-xs break-all">{url}</code>
      </div>
      <ApiKeys role={role} keys={keys} shown={shown} onShownChange={setShown} />
      <CodeExample example={clientExample(url, shown ? keys.anon : undefined)} language={language} />
      <div className="flex flex-wrap items-center gap-2">
        <GenerateTypesButton projectRef={projectRef} />
        <Button size="sm" variant="ghost" asChild>
          <Link to={`/project/${projectRef}/api/graphiql`}>GraphiQL</Link>
        </Button>
        <Button size="sm" variant="ghost" asChild>
          <a href={DOCUMENTATION_URL} target="_blank" rel="noreferrer">
            Documentation
          </a>
        </Button>
      </div>
    </div>
  );
}
