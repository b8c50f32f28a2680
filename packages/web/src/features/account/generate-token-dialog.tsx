import { Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { CreatedAccessToken } from '@basin/core/schemas';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { DialogFormFallback } from '../../ui/dialog-form-fallback';
import { CreatedToken } from './created-token';

const loadForm = () => import('./generate-token-form');
const GenerateTokenForm = lazy(() => loadForm().then((module) => ({ default: module.GenerateTokenForm })));

/**
 * 'Generate new token': the form (its code, zod included, loads on first use), then the token
 * itself, shown once. Closing the dialog forgets it.
 */
export function GenerateTokenDialog({ variant = 'primary' }: { variant?: 'primary' | 'default' }) {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedAccessToken | undefined>();
  const close = () => {
    setOpen(false);
    setCreated(undefined);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      <Dialog.Trigger asChild>
        <Button variant={variant} onPointerEnter={() => void loadForm()} onFocus={() => void loadForm()}>
          <Plus className="size-3.5" aria-hidden="true" />
          Generate new token
        </Button>
      </Dialog.Trigger>
      <Dialog.Content
        size={created ? 'large' : 'medium'}
        title={created ? 'Your new access token' : 'Generate new token'}
        description={
          created ? undefined : 'The token acts as you on the management API (/api/v1), with your permissions in each organization.'
        }
      >
        {created ? (
          <CreatedToken created={created} onDone={close} />
        ) : (
          <Suspense fallback={<DialogFormFallback />}>
            <GenerateTokenForm onCreated={setCreated} onCancel={close} />
          </Suspense>
        )}
      </Dialog.Content>
    </Dialog>
  );
}
