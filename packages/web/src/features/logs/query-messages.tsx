import { Alert } from '../../ui/alert';

/**
 * What the parser said about the query and why it failed, together (spec part 2 §8): the parser
 * warnings, then the request's error or the answer's `error` field.
 */
export function QueryMessages({ warnings, error }: { warnings: readonly string[]; error: string | null }) {
  if (!warnings.length && !error) return null;
  return (
    <section aria-label="Query messages" className="flex flex-col gap-2 border-b border-border px-3 py-2">
      {warnings.map((warning) => (
        <Alert key={warning} tone="warning" title={warning} className="py-2" />
      ))}
      {error ? (
        <Alert tone="danger" title="The log query failed" className="py-2">
          <span className="font-mono text-xs break-words whitespace-pre-wrap text-foreground">{error}</span>
        </Alert>
      ) : null}
    </section>
  );
}
