import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { CreateOrganizationBody } from '@basin/core/schemas';
import { useCreateOrganizationMutation } from '../../data/organizations/use-create-organization-mutation';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';

const resolver = zodResolver(CreateOrganizationBody);

/** The organization's name; on success its (empty) projects page opens. */
export function NewOrganizationForm({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const { control, handleSubmit } = useForm<CreateOrganizationBody>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    defaultValues: { name: '' },
  });
  const createOrganization = useCreateOrganizationMutation({
    onSuccess: (organization) => navigate(`/org/${organization.slug}`),
  });
  const submit = handleSubmit((body) => createOrganization.mutate(body));

  return (
    <form noValidate onSubmit={submit}>
      <Dialog.Body>
        <FormField
          control={control}
          name="name"
          id="organization-name"
          label="Name"
          description="Your company or team name."
          autoFocus
          autoComplete="organization"
          placeholder="Acme Inc"
        />
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
