import { Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { DialogFormFallback } from '../../ui/dialog-form-fallback';

const loadForm = () => import('./new-organization-form');
const NewOrganizationForm = lazy(() => loadForm().then((module) => ({ default: module.NewOrganizationForm })));

export function NewOrganizationDialog() {
  const [open, setOpen] = useState(false);
  const preload = () => void loadForm();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="primary" onPointerEnter={preload} onFocus={preload}>
          <Plus className="size-3.5" aria-hidden="true" />
          New organization
        </Button>
      </Dialog.Trigger>
      <Dialog.Content
        size="small"
        title="Create a new organization"
        description="Organizations group projects and the people who work on them."
      >
        <Suspense fallback={<DialogFormFallback fields={1} />}>
          <NewOrganizationForm onCancel={() => setOpen(false)} />
        </Suspense>
      </Dialog.Content>
    </Dialog>
  );
}
