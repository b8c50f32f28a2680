import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ORGANIZATION_SETTINGS_MESSAGES } from '@basin/core';
import { AdditionalBillingEmails, Name, type Organization } from '@basin/core/schemas';
import { useUpdateOrganizationMutation } from '../../data/organizations/use-update-organization-mutation';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { Field, fieldControlProps, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { permissionState } from './permission-state';

/** The addresses typed into one field, split on commas, semicolons and spaces. */
const splitEmails = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

const DetailsForm = z.object({
  name: Name,
  billing_email: z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), z.email('Billing email must be a valid email address')])),
  // One field holds the list, so its first problem is the field's message.
  additional_billing_emails: z.string().transform((text, ctx) => {
    const emails = AdditionalBillingEmails.safeParse(splitEmails(text));
    if (emails.success) return emails.data;
    ctx.addIssue({ code: 'custom', message: emails.error.issues[0]?.message ?? 'Invalid email addresses' });
    return z.NEVER;
  }),
});
type DetailsFormInput = z.input<typeof DetailsForm>;
type DetailsFormOutput = z.output<typeof DetailsForm>;
const resolver = zodResolver(DetailsForm);

const valuesOf = (organization: Organization): DetailsFormInput => ({
  name: organization.name,
  billing_email: organization.billing_email ?? '',
  additional_billing_emails: organization.additional_billing_emails.join(', '),
});

/**
 * Name, billing email and additional billing emails (spec part 2 §3, §7 PATCH organizations). An
 * empty billing email is not sent; Owners and Administrators only.
 */
export function OrganizationDetailsForm({ organization }: { organization: Organization }) {
  const permission = permissionState(organization, 'organizations:update', ORGANIZATION_SETTINGS_MESSAGES.noUpdatePermission);
  const {
    control,
    handleSubmit,
    formState: { isDirty },
  } = useForm<DetailsFormInput, unknown, DetailsFormOutput>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    values: valuesOf(organization),
  });
  const update = useUpdateOrganizationMutation({ onSuccess: () => toast.success(ORGANIZATION_SETTINGS_MESSAGES.updated) });
  const submit = handleSubmit((body) => update.mutate({ slug: organization.slug, ...body }));

  return (
    <form noValidate onSubmit={submit}>
      <div className="flex flex-col gap-4 px-4 py-4">
        <FormField
          control={control}
          name="name"
          id="organization-name"
          label="Organization name"
          disabled={!permission.allowed}
          autoComplete="organization"
        />
        {/* Shown, never edited: not a field of the form. */}
        <Field id="organization-slug" label="Organization slug" description="Part of the organization's URLs; it does not change.">
          <Input {...fieldControlProps('organization-slug', { description: true })} readOnly mono value={organization.slug} />
        </Field>
        <FormField
          control={control}
          name="billing_email"
          id="billing-email"
          label="Billing email"
          disabled={!permission.allowed}
          type="email"
          autoComplete="email"
          placeholder="billing@example.com"
        />
        <FormField
          control={control}
          name="additional_billing_emails"
          id="additional-billing-emails"
          label="Additional billing emails"
          description={ORGANIZATION_SETTINGS_MESSAGES.additionalEmailsHint}
          disabled={!permission.allowed}
          autoComplete="off"
          placeholder="finance@example.com, cto@example.com"
        />
      </div>
      <div className="flex items-center justify-between gap-3 border-t border-border px-4 py-3">
        <p className="text-xs text-muted">{permission.hint}</p>
        <Button type="submit" variant="primary" disabled={!permission.allowed || !isDirty} loading={update.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
