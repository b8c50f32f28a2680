import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { CreateOrganizationBody } from '@basin/core/schemas';
import { useCreateOrganizationMutation } from '../../data/organizations/use-create-organization-mutation';
import { Button } from '../../ui/button';
import { withDelayedBlur } from '../../ui/delayed-blur';
import { Dialog } from '../../ui/dialog';
import { FormField, describedBy } from '../../ui/form-field';
import { Input } from '../../ui/input';

const resolver = zodResolver(CreateOrganizationBody);

/** The organization's name; on success its (empty) projects page opens. */
export function NewOrganizationForm({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CreateOrganizationBody>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    defaultValues: { name: '' },
  });
  const createOrganization = useCreateOrganizationMutation({
    onSuccess: (organization) => navigate(`/org/${organization.slug}`),
  });
  const submit = handleSubmit((body) => createOrganization.mutate(body));
  const nameError = errors.name?.message;

  return (
    <form noValidate onSubmit={submit}>
      <Dialog.Body>
        <FormField id="organization-name" label="Name" error={nameError} description="Your company or team name.">
          <Input
            id="organization-name"
            autoFocus
            autoComplete="organization"
            placeholder="Acme Inc"
            invalid={Boolean(nameError)}
            aria-describedby={describedBy('organization-name', { error: nameError, description: true })}
            {...withDelayedBlur(register('name'))}
          />
        </FormField>
      </Dialog.Body>
      <Dialog.Footer>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" loading={createOrganization.isPending}>
          Create organization
        </Button>
      </Dialog.Footer>
    </form>
  );
}
