import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { NO_PROJECT, SUPPORT_CATEGORIES } from '@basin/core';
import { SupportCategory, SupportTicketBody } from '@basin/core/schemas';
import { useOrganizationsQuery } from '../../data/organizations/use-organizations-query';
import { useProjectQuery } from '../../data/projects/use-project-query';
import { useProjectsQuery } from '../../data/projects/use-projects-query';
import { useCreateSupportTicketMutation } from '../../data/support/use-create-support-ticket-mutation';
import { Button } from '../../ui/button';
import { delayedBlur, withDelayedBlur } from '../../ui/delayed-blur';
import { describedBy, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { Textarea } from '../../ui/textarea';
import type { SupportPrefill } from './support-query';

/** The organization select's value for a ticket about no organization. */
const NO_ORGANIZATION = '_';

const SupportFormSchema = z.object({
  organizationSlug: z.string(),
  projectRef: SupportTicketBody.shape.projectRef,
  category: z.string().pipe(SupportCategory),
  subject: SupportTicketBody.shape.subject,
  message: SupportTicketBody.shape.message,
});
type SupportFormInput = z.input<typeof SupportFormSchema>;
type SupportFormOutput = z.output<typeof SupportFormSchema>;
const resolver = zodResolver(SupportFormSchema);

/** Organization, project, category, subject and message, prefilled from the query; sends the ticket. */
export function SupportForm({ prefill }: { prefill: SupportPrefill }) {
  const navigate = useNavigate();
  const organizations = useOrganizationsQuery();
  // Links from a project's screens name the project only: its organization is looked up.
  const prefilledProject = useProjectQuery(prefill.projectRef === NO_PROJECT ? undefined : prefill.projectRef);
  const prefilledSlug = prefill.slug ?? prefilledProject.data?.organization_slug;

  const values = useMemo<SupportFormInput>(
    () => ({
      organizationSlug: prefilledSlug ?? NO_ORGANIZATION,
      projectRef: prefill.projectRef,
      category: prefill.category ?? '',
      subject: prefill.subject,
      message: prefill.message,
    }),
    [prefill, prefilledSlug],
  );
  const {
    register,
    control,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useForm<SupportFormInput, unknown, SupportFormOutput>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const organizationSlug = watch('organizationSlug');
  const projects = useProjectsQuery(organizationSlug === NO_ORGANIZATION ? undefined : organizationSlug);
  const projectChoices = useMemo(() => {
    const listed = projects.data ?? [];
    const extra = prefilledProject.data;
    return extra && !listed.some((project) => project.ref === extra.ref) && extra.organization_slug === organizationSlug
      ? [...listed, extra]
      : listed;
  }, [projects.data, prefilledProject.data, organizationSlug]);

  const createTicket = useCreateSupportTicketMutation({
    onSuccess: (ticket) => navigate(`/support/tickets/${ticket.id}`),
  });
  const submit = handleSubmit(({ organizationSlug: slug, ...ticket }) =>
    createTicket.mutate({ ...ticket, organizationSlug: slug === NO_ORGANIZATION ? undefined : slug }),
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="support-organization" labelId="support-organization-label" label="Organization">
          <Controller
            control={control}
            name="organizationSlug"
            render={({ field }) => (
              <Select
                id="support-organization"
                labelledBy="support-organization-label"
                value={field.value}
                onValueChange={(slug) => {
                  field.onChange(slug);
                  // Another organization: the chosen project is not one of its projects.
                  setValue('projectRef', NO_PROJECT);
                }}
                onBlur={delayedBlur(field.onBlur)}
              >
                <Select.Item value={NO_ORGANIZATION}>No organization</Select.Item>
                {organizations.data?.map((organization) => (
                  <Select.Item key={organization.slug} value={organization.slug}>
                    {organization.name}
                  </Select.Item>
                ))}
              </Select>
            )}
          />
        </FormField>
        <FormField id="support-project" labelId="support-project-label" label="Project" error={errors.projectRef?.message}>
          <Controller
            control={control}
            name="projectRef"
            render={({ field }) => (
              <Select
                id="support-project"
                labelledBy="support-project-label"
                value={field.value}
                onValueChange={field.onChange}
                onBlur={delayedBlur(field.onBlur)}
                invalid={Boolean(errors.projectRef)}
              >
                <Select.Item value={NO_PROJECT}>No specific project</Select.Item>
                {projectChoices.map((project) => (
                  <Select.Item key={project.ref} value={project.ref} hint={project.ref}>
                    {project.name}
                  </Select.Item>
                ))}
              </Select>
            )}
          />
        </FormField>
      </div>
      <FormField id="support-category" labelId="support-category-label" label="Category" error={errors.category?.message}>
        <Controller
          control={control}
          name="category"
          render={({ field }) => (
            <Select
              id="support-category"
              labelledBy="support-category-label"
              value={field.value}
              onValueChange={field.onChange}
              onBlur={delayedBlur(field.onBlur)}
              placeholder="Choose what the problem is about"
              invalid={Boolean(errors.category)}
            >
              {SUPPORT_CATEGORIES.map((category) => (
                <Select.Item key={category.value} value={category.value}>
                  {category.label}
                </Select.Item>
              ))}
            </Select>
          )}
        />
      </FormField>
      <FormField id="support-subject" label="Subject" error={errors.subject?.message}>
        <Input
          id="support-subject"
          invalid={Boolean(errors.subject)}
          aria-describedby={describedBy('support-subject', { error: errors.subject?.message })}
          {...withDelayedBlur(register('subject'))}
        />
      </FormField>
      <FormField id="support-message" label="Message" error={errors.message?.message}>
        <Textarea
          id="support-message"
          rows={8}
          maxLength={10_000}
          placeholder="What happened, what you expected, and any error message you saw."
          invalid={Boolean(errors.message)}
          aria-describedby={describedBy('support-message', { error: errors.message?.message })}
          {...withDelayedBlur(register('message'))}
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" variant="primary" loading={createTicket.isPending}>
          Send support request
        </Button>
      </div>
    </form>
  );
}
