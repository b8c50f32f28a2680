import { ASSISTANT_MESSAGES } from '@basin/core';
import { useOrganizationQuery } from '../../data/organizations/use-organization-query';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Tooltip } from '../../ui/tooltip';
import { OptInLevelInput } from './opt-in-level-fields';
import { PrivacyDialog } from './privacy-dialog';
import { useOptInForm } from './use-opt-in-form';

export interface OptInDialogProps {
  /** The organization whose level changes (the project's organization, in the assistant). */
  slug: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function OptInDialogForm({ slug, onDone }: { slug: string; onDone: () => void }) {
  const organization = useOrganizationQuery(slug);
  const optIn = useOptInForm({
    slug,
    organization: organization.data,
    refusal: ASSISTANT_MESSAGES.optInNoPermission,
    onSaved: onDone,
  });
  const { loading, permission, submit, saving } = optIn;

  return (
    <form noValidate onSubmit={submit}>
      <Dialog.Body>
        <p id="assistant-opt-in-label" className="text-xs text-muted">
          Choose what the assistant may send to the model for this organization&apos;s projects.
        </p>
        <OptInLevelInput optIn={optIn} id="assistant-opt-in" labelledBy="assistant-opt-in-label" />
        {permission.hint ? <p className="text-xs text-muted">{permission.hint}</p> : null}
        <PrivacyDialog />
      </Dialog.Body>
      <Dialog.Footer>
        <Button onClick={onDone}>Cancel</Button>
        <Tooltip content={permission.hint} wrapDisabled>
          <Button type="submit" variant="primary" disabled={!permission.allowed || loading} loading={saving}>
            Confirm
          </Button>
        </Tooltip>
      </Dialog.Footer>
    </form>
  );
}

/**
 * 'Update Assistant Opt-in Level' (spec part 2 §2, the chat picker's permission settings): the
 * opt-in radio group with Cancel and Confirm; members without organizations:update see it disabled
 * with 'You need additional permissions to update the opt-in level'.
 */
export function OptInDialog({ slug, open, onOpenChange }: OptInDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <Dialog.Content title={ASSISTANT_MESSAGES.updateOptInTitle} size="large">
        {open ? <OptInDialogForm slug={slug} onDone={() => onOpenChange(false)} /> : null}
      </Dialog.Content>
    </Dialog>
  );
}
