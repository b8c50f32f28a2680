import { Navigate, useParams } from 'react-router';
import { pageTitle } from '@basin/core';
import type { Organization } from '@basin/core/schemas';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Card } from '../../ui/card';
import { Page } from '../../ui/page';
import { AiOptInCard } from './ai-opt-in-card';
import { OrganizationDetailsForm } from './organization-details-form';
import { OrganizationFrame } from './organization-frame';

function OrganizationSettings({ organization }: { organization: Organization }) {
  useDocumentTitle(pageTitle({ page: 'Settings', organization: organization.name }));
  return (
    <Page>
      <div className="mb-4">
        <h2 className="text-sm font-medium">Organization settings</h2>
        <p className="text-xs text-muted">The organization&apos;s name, where billing mail goes, and what the AI assistant may share.</p>
      </div>
      <div className="flex flex-col gap-6">
        <Card>
          <Card.Header>
            <Card.Title>Organization details</Card.Title>
          </Card.Header>
          <OrganizationDetailsForm organization={organization} />
        </Card>
        <AiOptInCard organization={organization} />
      </div>
    </Page>
  );
}

/** /org/:slug/general — the organization's details and its AI opt-in level (spec part 2 §2). */
export function OrganizationSettingsPage() {
  const { slug = '_' } = useParams();
  if (slug === '_') return <Navigate to="/organizations" replace />;
  return <OrganizationFrame slug={slug}>{(organization) => <OrganizationSettings organization={organization} />}</OrganizationFrame>;
}
