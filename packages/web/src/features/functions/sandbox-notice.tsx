import { useFunctionsRuntimeQuery } from '../../data/functions/use-functions-runtime-query';
import { Alert } from '../../ui/alert';

/** On every Edge Functions page: says when this server cannot run functions, or runs them without the OS sandbox. */
export function SandboxNotice({ projectRef }: { projectRef: string }) {
  const runtime = useFunctionsRuntimeQuery(projectRef).data;
  if (runtime?.sandbox === 'unavailable') {
    return (
      <Alert tone="danger" title="Edge functions cannot run on this server" className="mb-4">
        <p>Functions can be deployed, but every invocation answers 503 until the server&apos;s operator fixes this: {runtime.reason}</p>
      </Alert>
    );
  }
  if (runtime?.sandbox === 'off') {
    return (
      <Alert tone="warning" title="Edge functions run without the OS sandbox" className="mb-4">
        <p>
          This server&apos;s operator set <code className="font-mono text-xs">BASIN_FUNCTIONS_SANDBOX=off</code>: functions are held by
          Deno&apos;s permissions alone, which do not stop every read of the server&apos;s files. Deploy only code you trust.
        </p>
      </Alert>
    );
  }
  return null;
}
