import { ArrowUpRight } from 'lucide-react';
import { Link } from 'react-router';
import { can } from '@basin/core';
import type { Organization } from '@basin/core/schemas';
import { Button } from '../../ui/button';
import { supportFormUrl } from './support-link';

/**
 * 'Upgrade to Pro' for a free organization (spec part 1 §6): members with billing write go to the
 * subscription panel, the others to a Plan_upgrade support request.
 */
export function UpgradeToProButton({
  organization,
  projectRef,
  source,
}: {
  organization: Organization;
  projectRef: string;
  source: string;
}) {
  const billingQuery = new URLSearchParams({ panel: 'subscriptionPlan', source });
  const to = can(organization.role, 'billing.subscriptions:write')
    ? `/org/${organization.slug}/billing?${billingQuery.toString()}`
    : supportFormUrl({ category: 'Plan_upgrade', slug: organization.slug, projectRef, subject: 'Upgrade to Pro' });
  return (
    <Button asChild>
      <Link to={to}>
        Upgrade to Pro
        <ArrowUpRight className="size-3.5" aria-hidden="true" />
      </Link>
    </Button>
  );
}
