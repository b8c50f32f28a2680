import { useState } from 'react';
import type { Lint } from '@basin/core/schemas';
import { useAcknowledgeLintMutation } from '../../data/advisors/use-acknowledgement-mutations';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Field, fieldControlProps } from '../../ui/form-field';
import { Textarea } from '../../ui/textarea';

/** Acknowledging a finding takes a note that says why it is fine; it then leaves the open lists. */
export function AcknowledgeDialog({ projectRef, lint, onClose }: { projectRef: string; lint: Lint | null; onClose: () => void }) {
  const [note, setNote] = useState('');
  const acknowledge = useAcknowledgeLintMutation(projectRef, () => {
    setNote('');
    onClose();
  });
  return (
    <Dialog open={lint !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content title="Acknowledge finding" description={lint?.title}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (lint) acknowledge.mutate({ cache_key: lint.cache_key, note: note.trim() });
          }}
        >
          <Dialog.Body>
            <Field id="acknowledge-note" label="Note" description="Why this finding needs no change, for your team.">
              <Textarea
                {...fieldControlProps('acknowledge-note', { description: true })}
                value={note}
                maxLength={1000}
                onChange={(event) => setNote(event.target.value)}
              />
            </Field>
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button>Cancel</Button>
            </Dialog.Close>
            <Button type="submit" variant="primary" loading={acknowledge.isPending}>
              Acknowledge
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog>
  );
}
