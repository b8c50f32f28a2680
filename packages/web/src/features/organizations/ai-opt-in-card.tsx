import { ORGANIZATION_SETTINGS_MESSAGES } from '@basin/core';
import type { Organization } from '@basin/core/schemas';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { OptInLevelInput } from './opt-in-level-fields';
import { PrivacyDialog } from './privacy-dialog';
import { useOptInForm } from './use-opt-in-form';

/** The settings page's AI opt-in card: the level, what it means, and Save. */
export function AiOptInCard({ organization }: { organization: Organization }) {
  const optIn = useOptInForm({
    slug: organization.slug,
    organization,
    refusal: ORGANIZATION_SETTINGS_MESSAGES.noUpdatePermission,
  });
  const { loading, permission, submit, saving } = optIn;

  return (
    <Card>
      <Card.Header>
        <Card.Title>
          <span id="ai-opt-in-label">AI assistant data sharing</span>
        </Card.Title>
      </Card.Header>
      <form noValidate onSubmit={submit}>
        <Card.Content className="flex flex-col gap-4 py-4">
          <p className="text-xs text-muted">
            How much of your projects the assistant may send to the model this Basin install uses. It applies to every project of the
            organization.
          </p>
          <OptInLevelInput optIn={optIn} id="ai-opt-in" labelledBy="ai-opt-in-label" />
          <PrivacyDialog />
        </Card.Content>
        <div className="flex items-center justify-between gap-3 border-t border-border px-4 py-3">
          <p className="text-xs text-muted">{permission.hint}</p>
          <Button type="submit" variant="primary" disabled={!permission.allowed || loading} loading={saving}>
            Save
          </Button>
        </div>
      </form>
    </Card>
  );
}
