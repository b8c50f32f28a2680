import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ORGANIZATION_SETTINGS_MESSAGES, visibleOptInLevels, type Permission } from '@basin/core';
import { AiOptInLevel, optInLevelOf, optInTagsOf, type Organization } from '@basin/core/schemas';
import { isApiError } from '../../data/fetcher';
import { useFeatureFlagsQuery } from '../../data/feature-flags/use-feature-flags-query';
import { useUpdateOrganizationMutation } from '../../data/organizations/use-update-organization-mutation';
import { toast } from '../../lib/toast';
import { permissionState } from './permission-state';

/** Nothing chosen is a valid state of the form, answered with 'AI Opt-in level selection is required'. */
const OptInForm = z.object({ aiOptInLevel: z.union([AiOptInLevel, z.undefined()]).pipe(AiOptInLevel) });
type OptInFormInput = z.input<typeof OptInForm>;
type OptInFormOutput = z.output<typeof OptInForm>;
const resolver = zodResolver(OptInForm);

const UPDATE: Permission = 'organizations:update';

/**
 * The AI opt-in level as a form, for the settings page and the assistant's dialog: the levels the
 * flags show, the stored level selected when it is one of them (else nothing, so saving asks for
 * one), saved as opt_in_tags by members with organizations:update; `refusal` explains the others.
 */
export type OptInForm = ReturnType<typeof useOptInForm>;

export function useOptInForm({
  slug,
  organization,
  refusal,
  onSaved,
}: {
  slug: string;
  organization: Organization | undefined;
  refusal: string;
  onSaved?: () => void;
}) {
  const flags = useFeatureFlagsQuery(slug);
  // Flags that cannot be read fall back to the code's defaults: every level shows.
  const levels = flags.data ? visibleOptInLevels(flags.data) : flags.isError ? visibleOptInLevels({}) : [];
  const stored = organization ? optInLevelOf(organization.opt_in_tags) : undefined;
  const form = useForm<OptInFormInput, unknown, OptInFormOutput>({
    resolver,
    mode: 'onSubmit',
    values: { aiOptInLevel: stored && levels.includes(stored) ? stored : undefined },
  });
  const permission = permissionState(organization, UPDATE, refusal);
  const update = useUpdateOrganizationMutation({
    onSuccess() {
      toast.success(ORGANIZATION_SETTINGS_MESSAGES.optInUpdated);
      onSaved?.();
    },
    onError(error) {
      toast.error(
        isApiError(error, 404)
          ? ORGANIZATION_SETTINGS_MESSAGES.settingsOrganizationMissing
          : ORGANIZATION_SETTINGS_MESSAGES.settingsFailed(error.message),
      );
    },
  });
  const submit = form.handleSubmit(({ aiOptInLevel }) => {
    if (!permission.allowed) return void toast.error(ORGANIZATION_SETTINGS_MESSAGES.noUpdatePermission);
    if (!organization) return void toast.error(ORGANIZATION_SETTINGS_MESSAGES.settingsOrganizationMissing);
    update.mutate({ slug, opt_in_tags: optInTagsOf(aiOptInLevel) });
  });
  return { form, levels, loading: flags.isPending || !organization, permission, submit, saving: update.isPending };
}
