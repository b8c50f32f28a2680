import { Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { DialogFormFallback } from '../../ui/dialog-form-fallback';
import { Tooltip } from '../../ui/tooltip';

// The form (and zod) load when the dialog is about to open.
const loadForm = () => import('./new-project-form');
const NewProjectForm = lazy(() => loadForm().then((module) => ({ default: module.NewProjectForm })));

export function NewProjectDialog({ slug, canCreate }: { slug: string; canCreate: boolean }) {
  const [open, setOpen] = useState(false);
  const preload = () => void loadForm();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Tooltip content={canCreate ? null : 'You need additional permissions to create a project'} wrapDisabled>
        <Dialog.Trigger asChild>
          <Button variant="primary" disabled={!canCreate} onPointerEnter={preload} onFocus={preload}>
            <Plus className="size-3.5" aria-hidden="true" />
            New project
          </Button>
        </Dialog.Trigger>
      </Tooltip>
      <Dialog.Content title="Create a new project" description="Each project is its own Postgres database with an API.">
        <Suspense fallback={<DialogFormFallback fields={3} />}>
          <NewProjectForm slug={slug} onCancel={() => setOpen(false)} />
        </Suspense>
      </Dialog.Content>
    </Dialog>
  );
}
