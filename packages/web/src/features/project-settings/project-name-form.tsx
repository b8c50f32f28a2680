import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { UpdateProjectBody } from '@basin/core/schemas';
import type { Project } from '@basin/core/schemas';
import { useUpdateProjectMutation } from '../../data/projects/use-update-project-mutation';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';

const resolver = zodResolver(UpdateProjectBody);

/** Renames the project; disabled (with the reason) for roles that may not update projects. */
export function ProjectNameForm({ project, canUpdate }: { project: Project; canUpdate: boolean }) {
  const updateProject = useUpdateProjectMutation();
  const {
    control,
    handleSubmit,
    formState: { isDirty },
  } = useForm<UpdateProjectBody>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    values: { name: project.name },
  });
  const submit = handleSubmit((body) => updateProject.mutate({ ref: project.ref, ...body }));
  const hint = canUpdate ? undefined : 'You need additional permissions to update this project';

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormField control={control} name="name" id="project-name" label="Project name" description={hint} disabled={!canUpdate} />
      <div className="flex justify-end">
        <Button type="submit" variant="primary" disabled={!canUpdate || !isDirty} loading={updateProject.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
