import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORGANIZATION_SETTINGS_MESSAGES, requireIdentifier } from '@basin/core';
import type { Organization, UpdateOrganizationBody } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { organizationKeys } from './keys';

export interface UpdateOrganizationVariables {
  slug: string;
  name?: string;
  billing_email?: string;
  opt_in_tags?: UpdateOrganizationBody['opt_in_tags'];
  additional_billing_emails?: string[];
}

/** Spec part 2 §5: only fields with a value are sent; an empty string is no value, an empty list is one (it clears). */
export function updateOrganizationPayload({ slug: _slug, ...fields }: UpdateOrganizationVariables): Partial<UpdateOrganizationBody> {
  const payload: Partial<UpdateOrganizationBody> = {};
  if (fields.name) payload.name = fields.name;
  if (fields.billing_email) payload.billing_email = fields.billing_email;
  if (fields.opt_in_tags) payload.opt_in_tags = fields.opt_in_tags;
  if (fields.additional_billing_emails) payload.additional_billing_emails = fields.additional_billing_emails;
  return payload;
}

export function updateOrganization(variables: UpdateOrganizationVariables): Promise<Organization> {
  const slug = requireIdentifier(variables.slug, 'slug');
  return api.PATCH('/api/platform/organizations/{slug}', { path: { slug }, body: updateOrganizationPayload(variables) });
}

/**
 * PATCH /platform/organizations/{slug}. Spec part 2 §4: the cached list, detail and customer
 * profile are refreshed after it. A given `onError` replaces the default toast.
 */
export function useUpdateOrganizationMutation({
  onSuccess,
  onError,
  ...options
}: MutationHookOptions<Organization, UpdateOrganizationVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    async onSuccess(organization, variables, ...rest) {
      queryClient.setQueryData(organizationKeys.detail(variables.slug), organization);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.list(), exact: true }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.detail(variables.slug), exact: true }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.customerProfile(variables.slug), exact: true }),
      ]);
      await onSuccess?.(organization, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(ORGANIZATION_SETTINGS_MESSAGES.updateFailed(error.message));
    },
    ...options,
  });
}
