import { useRef, useState } from 'react';
import { BILLING_MESSAGES, isPaidPlan, PLANS, type PlanSummary } from '@basin/core';
import type { PlanId } from '@basin/core/schemas';
import { useExitSurveyMutation } from '../../data/feedback/use-exit-survey-mutation';
import { useUpdateSubscriptionMutation } from '../../data/billing/use-update-subscription-mutation';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Sheet } from '../../ui/sheet';
import type { ActionState } from '../project-settings/settings-row';
import { DowngradeSurvey, type DowngradeAnswers } from './downgrade-survey';
import { PlanIncludes } from './plan-includes';

function PlanOption({
  plan,
  current,
  state,
  pending,
  onChoose,
}: {
  plan: PlanSummary;
  current: boolean;
  state: ActionState;
  pending: boolean;
  onChoose: () => void;
}) {
  return (
    <li className={cn('flex flex-col gap-3 rounded-lg border px-4 py-3', current ? 'border-accent' : 'border-border')}>
      <div className="flex items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <h3 className="text-[13px] font-medium">{plan.name}</h3>
          {current ? <Badge tone="success">Current plan</Badge> : null}
        </div>
        {current ? null : (
          <Button
            size="sm"
            variant={isPaidPlan(plan.id) ? 'primary' : 'default'}
            loading={pending}
            disabled={state.disabled}
            onClick={onChoose}
          >
            Choose {plan.name}
          </Button>
        )}
      </div>
      <PlanIncludes plan={plan} />
    </li>
  );
}

/**
 * The plan side panel (`?panel=subscriptionPlan`): the four plans, the current one marked.
 * Choosing a plan PUTs the subscription; leaving a paid plan for Free asks the exit survey first,
 * sent once the change succeeded, its failure ignored like the deletion's.
 */
export function SubscriptionPlanPanel({
  slug,
  current,
  state,
  onDone,
}: {
  slug: string;
  current: PlanId;
  state: ActionState;
  onDone: () => void;
}) {
  const [surveying, setSurveying] = useState(false);
  const answers = useRef<DowngradeAnswers | null>(null);
  const exitSurvey = useExitSurveyMutation({ onError: () => {} });
  const update = useUpdateSubscriptionMutation({
    onSuccess(subscription) {
      // Sent before the panel closes (and unmounts), only once the organization really is on Free.
      if (answers.current && subscription.plan.id === 'free') {
        exitSurvey.mutate({
          orgSlug: slug,
          reasons: [answers.current.reason],
          additionalFeedback: answers.current.feedback.trim() || undefined,
          exitAction: 'downgrade',
        });
      }
      onDone();
    },
  });

  function choose(plan: PlanId) {
    if (plan === 'free' && isPaidPlan(current)) setSurveying(true);
    else update.mutate({ slug, body: { plan } });
  }

  function downgrade(given: DowngradeAnswers) {
    answers.current = given;
    update.mutate({ slug, body: { plan: 'free' } });
  }

  return (
    <Sheet.Content title="Change subscription plan" side="right" className="w-[560px]">
      <div className="flex flex-col gap-4 p-4">
        {state.hint ? <Alert tone="warning" title={state.hint} /> : null}
        <p className="text-[13px] text-muted">{BILLING_MESSAGES.noPayment}</p>
        {surveying ? (
          <DowngradeSurvey pending={update.isPending} disabled={state.disabled} onBack={() => setSurveying(false)} onConfirm={downgrade} />
        ) : (
          <ul className="flex flex-col gap-3">
            {PLANS.map((plan) => (
              <PlanOption
                key={plan.id}
                plan={plan}
                current={plan.id === current}
                state={{ disabled: state.disabled || update.isPending, hint: state.hint }}
                pending={update.isPending && update.variables.body.plan === plan.id}
                onChoose={() => choose(plan.id)}
              />
            ))}
          </ul>
        )}
      </div>
    </Sheet.Content>
  );
}
