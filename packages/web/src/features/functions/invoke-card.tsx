import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { can, type Role } from '@basin/core';
import { useProjectSettingsQuery } from '../../data/api-keys/use-project-settings';
import { projectApiOrigin } from '../../data/projects/project-api-urls';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { cn } from '../../ui/cn';
import { CopyButton } from '../../ui/copy-button';
import { ANON_KEY_PLACEHOLDER, curlExample, functionUrl, supabaseJsExample, type InvokeLanguage } from './invoke-examples';

const LANGUAGES: { id: InvokeLanguage; label: string }[] = [
  { id: 'curl', label: 'cURL' },
  { id: 'javascript', label: 'supabase-js' },
];

const MASK = '•'.repeat(24);

/** The function's URL and how to call it, with the project's anon key hidden until revealed. */
export function InvokeCard({
  projectRef,
  restUrl,
  slug,
  role,
}: {
  projectRef: string;
  restUrl: string | undefined;
  slug: string;
  role: Role | undefined;
}) {
  const [language, setLanguage] = useState<InvokeLanguage>('curl');
  const [shown, setShown] = useState(false);
  const mayReadKeys = can(role, 'service_api_keys:read');
  const settings = useProjectSettingsQuery(projectRef, { enabled: mayReadKeys });
  const anonKey = settings.data?.service_api_keys.find((key) => key.tags === 'anon')?.api_key;
  const url = functionUrl(restUrl, slug);
  const example = (key: string) => (language === 'curl' ? curlExample(url, key) : supabaseJsExample(projectApiOrigin(restUrl), key, slug));
  const revealed = shown && anonKey ? anonKey : undefined;
  const code = example(revealed ?? (anonKey ? MASK : ANON_KEY_PLACEHOLDER));

  return (
    <Card>
      <Card.Header>
        <Card.Title>Invoke</Card.Title>
        <div role="group" aria-label="Example language" className="inline-flex rounded-md border border-border p-0.5">
          {LANGUAGES.map(({ id, label }) => (
            <button
              key={id}
              type="button"
              aria-pressed={language === id}
              onClick={() => setLanguage(id)}
              className={cn(
                'cursor-pointer rounded px-2 py-0.5 text-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                language === id ? 'bg-surface-hover font-medium' : 'text-muted hover:text-foreground',
              )}
            >
              {label}
            </button>
          ))}
        </div>
      </Card.Header>
      <Card.Content className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <span id="function-url-label" className="text-xs text-muted">
            Endpoint URL
          </span>
          <div className="flex items-center gap-2">
            <code
              aria-labelledby="function-url-label"
              className="min-w-0 flex-1 rounded-md border border-border bg-surface-muted px-2 py-1.5 font-mono text-xs break-all"
            >
              {url}
            </code>
            <CopyButton value={url} />
          </div>
        </div>
        <div className="overflow-hidden rounded-md border border-border bg-surface-muted">
          <div className="flex items-center justify-between gap-2 border-b border-border px-2 py-1">
            <span className="text-xs text-muted">
              {mayReadKeys
                ? anonKey
                  ? 'With the project’s anon key'
                  : settings.isError
                    ? 'The anon key could not be loaded'
                    : 'Loading the anon key…'
                : `Put the project’s anon key in place of ${ANON_KEY_PLACEHOLDER}`}
            </span>
            <div className="flex items-center gap-1">
              {anonKey ? (
                <Button size="sm" variant="ghost" aria-pressed={shown} onClick={() => setShown(!shown)}>
                  {shown ? <EyeOff className="size-3.5" aria-hidden="true" /> : <Eye className="size-3.5" aria-hidden="true" />}
                  {shown ? 'Hide anon key' : 'Reveal anon key'}
                </Button>
              ) : null}
              <CopyButton value={example(revealed ?? ANON_KEY_PLACEHOLDER)} />
            </div>
          </div>
          <pre
            aria-label={language === 'curl' ? 'cURL example' : 'supabase-js example'}
            className="overflow-x-auto p-3 font-mono text-xs leading-relaxed"
          >
            <code>{code}</code>
          </pre>
        </div>
      </Card.Content>
    </Card>
  );
}
