import { CreditCard, Gauge, Lock } from 'lucide-react';
import { Navigate, useParams } from 'react-router';
import { BILLING_MESSAGES, pageTitle, planSummary } from '@basin/core';
import type { Organization } from '@basin/core/schemas';
import { useSubscriptionQuery } from '../../data/billing/use-subscription-query';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { Page } from '../../ui/page';
import { Sheet } from '../../ui/sheet';
import { Skeleton } from '../../ui/skeleton';
import { ErrorFallback } from '../errors/error-fallback';
import { OrganizationFrame } from '../organizations/organization-frame';
import { permissionState } from '../organizations/permission-state';
import { ActionTrigger, SettingsRow } from '../project-settings/settings-row';
import { useBillingPanel } from './billing-panel';
import { CostControlPanel } from './cost-control-panel';
import { useSubscriptionChangeState } from './subscription-change-state';
import { PlanIncludes } from './plan-includes';
import { SubscriptionPlanPanel } from './subscription-plan-panel';

const VIEW_ONLY = { disabled: false, hint: null };

function Subscription({ organization }: { organization: Organization }) {
  const { slug } = organization;
  const subscription = useSubscriptionQuery(slug);
  const { panel, setOpen } = useBillingPanel();
  const changeState = useSubscriptionChangeState(organization);

  if (subscription.isPending) {
    return (
      <div className="flex flex-col gap-6">
        <Skeleton className="h-48 w-full rounded-lg" />
        <Skeleton className="h-20 w-full rounded-lg" />
      </div>
    );
  }
  if (subscription.isError) return <ErrorFallback onRetry={() => void subscription.refetch()} />;

  const plan = planSummary(subscription.data.plan.id);
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <Card.Header>
          <Card.Title>Subscription plan</Card.Title>
          <Badge tone="success">{plan.name}</Badge>
        </Card.Header>
        <SettingsRow
          title={`This organization is on the ${plan.name} plan`}
          description={<PlanIncludes plan={plan} />}
          action={
            <Sheet open={panel === 'subscriptionPlan'} onOpenChange={setOpen('subscriptionPlan')}>
              <ActionTrigger state={changeState} icon={CreditCard} label="Change subscription plan" primary />
              {panel === 'subscriptionPlan' ? (
                <SubscriptionPlanPanel
                  slug={slug}
                  current={plan.id}
                  state={changeState}
                  onDone={() => setOpen('subscriptionPlan')(false)}
                />
              ) : null}
            </Sheet>
          }
        />
        <p className="border-t border-border px-4 py-3 text-xs text-muted">{BILLING_MESSAGES.noPayment}</p>
      </Card>
      <Card>
        <Card.Header>
          <Card.Title>Cost control</Card.Title>
        </Card.Header>
        <SettingsRow
          title="Spend cap"
          description={BILLING_MESSAGES.noSpendCap}
          action={
            <Sheet open={panel === 'costControl'} onOpenChange={setOpen('costControl')}>
              <ActionTrigger state={VIEW_ONLY} icon={Gauge} label="Cost control" />
              {panel === 'costControl' ? <CostControlPanel slug={slug} /> : null}
            </Sheet>
          }
        />
      </Card>
    </div>
  );
}

function Billing({ organization }: { organization: Organization }) {
  useDocumentTitle(pageTitle({ page: 'Billing', organization: organization.name }));
  const read = permissionState(organization, 'billing.subscriptions:read', BILLING_MESSAGES.noReadPermission);
  return (
    <Page wide>
      <div className="mb-4">
        <h2 className="text-sm font-medium">Billing</h2>
        <p className="text-xs text-muted">The organization&apos;s plan and what its projects would cost.</p>
      </div>
      {read.allowed ? (
        <Subscription organization={organization} />
      ) : (
        <EmptyState icon={<Lock className="size-6" aria-hidden="true" />} title="Billing is restricted">
          {read.hint}
        </EmptyState>
      )}
    </Page>
  );
}

/** /org/:slug/billing — the plan, changing it (`?panel=subscriptionPlan`) and cost control (`?panel=costControl`). */
export function BillingPage() {
  const { slug = '_' } = useParams();
  if (slug === '_') return <Navigate to="/organizations" replace />;
  return <OrganizationFrame slug={slug}>{(organization) => <Billing organization={organization} />}</OrganizationFrame>;
}
