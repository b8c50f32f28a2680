import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { NO_PROJECT, SUPPORT_CATEGORIES } from '@basin/core';
import { SupportCategory, SupportTicketBody } from '@basin/core/schemas';
import { useOrganizationsQuery } from '../../data/organizations/use-organizations-query';
import { useProjectQuery } from '../../data/projects/use-project-query';
import { useProjectsQuery } from '../../data/projects/use-projects-query';
import { useCreateSupportTicketMutation } from '../../data/support/use-create-support-ticket-mutation';
import { Button } from '../../ui/button';
import { FormField, selectProps } from '../../ui/form-field';
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
  const { control, handleSubmit, setValue, watch } = useForm<SupportFormInput, unknown, SupportFormOutput>({
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
        <FormField
          control={control}
          name="organizationSlug"
          id="support-organization"
          label="Organization"
          render={(state) => (
            <Select
              {...selectProps(state)}
              onValueChange={(slug) => {
                state.field.onChange(slug);
                // Another organization: the chosen project is not one of its projects.
                setValue('projectRef', NO_PROJECT);
              }}
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
        <FormField
          control={control}
          name="projectRef"
          id="support-project"
          label="Project"
          render={(state) => (
            <Select {...selectProps(state)}>
              <Select.Item value={NO_PROJECT}>No specific project</Select.Item>
              {projectChoices.map((project) => (
                <Select.Item key={project.ref} value={project.ref} hint={project.ref}>
                  {project.name}
                </Select.Item>
              ))}
            </Select>
          )}
        />
      </div>
      <FormField
        control={control}
        name="category"
        id="support-category"
        label="Category"
        render={(state) => (
          <Select {...selectProps(state)} placeholder="Choose what the problem is about">
            {SUPPORT_CATEGORIES.map((category) => (
              <Select.Item key={category.value} value={category.value}>
                {category.label}
              </Select.Item>
            ))}
          </Select>
        )}
      />
      <FormField control={control} name="subject" id="support-subject" label="Subject" />
      <FormField
        control={control}
        name="message"
        id="support-message"
        label="Message"
        render={({ field, props }) => (
          <Textarea
            rows={8}
            maxLength={10_000}
            placeholder="What happened, what you expected, and any error message you saw."
            {...props}
            {...field}
          />
        )}
      />
      <div className="flex justify-end">
        <Button type="submit" variant="primary" loading={createTicket.isPending}>
          Send support request
        </Button>
      </div>
    </form>
  );
}
