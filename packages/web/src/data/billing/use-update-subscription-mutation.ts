import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BILLING_MESSAGES, requireIdentifier } from '@basin/core';
import type { Subscription, UpdateSubscriptionBody } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { organizationKeys } from '../organizations/keys';
import { billingKeys } from './keys';

export interface UpdateSubscriptionVariables {
  slug: string;
  body: UpdateSubscriptionBody;
}

/**
 * PUT /platform/organizations/{slug}/billing/subscription. The plan shows on the organization too
 * (header badge, upgrade prompts), so the organization list and detail are refetched with it.
 */
export function useUpdateSubscriptionMutation({
  onSuccess,
  onError,
  ...options
}: MutationHookOptions<Subscription, UpdateSubscriptionVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, body }: UpdateSubscriptionVariables) => api.PUT('/api/platform/organizations/{slug}/billing/subscription', { path: { slug: requireIdentifier(slug, 'slug') }, body }),
    async onSuccess(subscription, variables, ...rest) {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: billingKeys.subscription(variables.slug), exact: true }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.detail(variables.slug), exact: true }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.list(), exact: true }),
      ]);
      toast.success(BILLING_MESSAGES.changed(subscription.plan.name));
      await onSuccess?.(subscription, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(BILLING_MESSAGES.changeFailed(error.message));
    },
    ...options,
  });
}
