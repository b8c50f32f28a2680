import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import type { CreateOrganizationBody, Organization } from '@basin/core/schemas';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { organizationKeys } from './keys';

export function createOrganization(body: CreateOrganizationBody): Promise<Organization> {
  return api.POST('/api/platform/organizations', { body });
}

export function useCreateOrganizationMutation({
  onSuccess,
  onError,
  ...options
}: MutationHookOptions<Organization, CreateOrganizationBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    async onSuccess(organization, ...rest) {
      queryClient.setQueryData(organizationKeys.detail(organization.slug), organization);
      await queryClient.invalidateQueries({ queryKey: organizationKeys.list(), exact: true });
      toast.success(`Created ${organization.name}`);
      await onSuccess?.(organization, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to create organization: ${error.message}`);
    },
    ...options,
  });
}
