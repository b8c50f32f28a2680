import { Link } from 'react-router';
import { ADDON_MESSAGES, pitrAllowed, type ComputeSizeId } from '@basin/core';
import type { Organization } from '@basin/core/schemas';
import { Alert } from '../../ui/alert';

/** `&source=` of the links from the add-ons page's PITR panel. */
const SOURCE = 'pitrAddon';

/**
 * What the project lacks for point in time recovery (a paid plan, then at least Small compute),
 * with the way to it; nothing once both are met. Core's rule, the server's too.
 */
export function PitrRequirement({
  projectRef,
  organization,
  size,
}: {
  projectRef: string;
  organization: Organization;
  size: ComputeSizeId;
}) {
  const allowed = pitrAllowed(organization.plan.id, size);
  if ('ok' in allowed) return null;
  const needsPlan = allowed.error === ADDON_MESSAGES.pitrNeedsPaidPlan;
  const to = needsPlan
    ? `/org/${encodeURIComponent(organization.slug)}/billing?panel=subscriptionPlan&source=${SOURCE}`
    : `/project/${projectRef}/settings/addons?panel=computeInstance&source=${SOURCE}`;
  return (
    <Alert tone="warning" title={allowed.error}>
      <Link to={to} className="text-accent hover:underline">
        {needsPlan ? 'Change subscription plan' : 'Change compute size'}
      </Link>
    </Alert>
  );
}
