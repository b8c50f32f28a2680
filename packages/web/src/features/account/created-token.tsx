import { ACCESS_TOKEN_MESSAGES } from '@basin/core';
import type { CreatedAccessToken } from '@basin/core/schemas';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy-button';
import { Dialog } from '../../ui/dialog';
import { Input } from '../../ui/input';

/** The new token, the only time it is shown: copy it, with how the Supabase CLI takes it. */
export function CreatedToken({ created, onDone }: { created: CreatedAccessToken; onDone: () => void }) {
  return (
    <>
      <Dialog.Body>
        <Alert tone="warning" title={ACCESS_TOKEN_MESSAGES.shownOnce}>
          Basin keeps only a hash of it. If you lose it, delete it and generate a new one.
        </Alert>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="created-token" className="text-[13px] font-medium">
            {created.name}
          </label>
          <div className="flex items-center gap-2">
            <Input id="created-token" mono readOnly value={created.token} onFocus={(event) => event.currentTarget.select()} />
            <CopyButton value={created.token} />
          </div>
        </div>
        <p className="text-xs text-muted">
          The Supabase CLI reads it from <code className="font-mono text-foreground">SUPABASE_ACCESS_TOKEN</code>; Basin’s management API is
          at <code className="font-mono text-foreground">{`${window.location.origin}/api`}</code>.
        </p>
        <pre className="rounded-md border border-border bg-surface-muted px-3 py-2 font-mono text-xs whitespace-pre-wrap">
          SUPABASE_ACCESS_TOKEN=sbp_… supabase functions deploy hello --project-ref &lt;ref&gt; --use-api
        </pre>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="primary" onClick={onDone}>
          Done
        </Button>
      </Dialog.Footer>
    </>
  );
}
