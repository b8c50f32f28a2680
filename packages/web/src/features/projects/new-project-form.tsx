import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { DEFAULT_REGION, fromFormValue, MESSAGES, REGIONS, type RegionId } from '@basin/core';
import { CreateProjectBody } from '@basin/core/schemas';
import { useAvailableVersionsQuery } from '../../data/available-versions/use-available-versions-query';
import { useCreateProjectMutation } from '../../data/projects/use-create-project-mutation';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormField, selectProps } from '../../ui/form-field';
import { Select } from '../../ui/select';
import { versionChoices } from './version-choices';
import { VersionSelector } from './version-selector';

const NewProjectFormSchema = z.object({
  name: CreateProjectBody.shape.name,
  region: CreateProjectBody.shape.region,
  postgresVersion: z.string().refine((value) => fromFormValue(value) !== undefined, MESSAGES.postgresVersionPlaceholder),
});
type NewProjectFormInput = z.input<typeof NewProjectFormSchema>;
type NewProjectFormOutput = z.output<typeof NewProjectFormSchema>;
const resolver = zodResolver(NewProjectFormSchema);

/** Name, region and Postgres version; on success the new project's page opens. */
export function NewProjectForm({ slug, onCancel }: { slug: string; onCancel: () => void }) {
  const navigate = useNavigate();
  const [region, setRegion] = useState<RegionId>(DEFAULT_REGION);
  const versions = useAvailableVersionsQuery({ slug, region });
  const { defaultValue } = useMemo(() => versionChoices(versions.data?.available_versions ?? []), [versions.data]);

  // The default version arrives with the list; fields the user changed keep their value.
  const values = useMemo(() => ({ name: '', region, postgresVersion: defaultValue }), [region, defaultValue]);
  const { control, handleSubmit } = useForm<NewProjectFormInput, unknown, NewProjectFormOutput>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const createProject = useCreateProjectMutation({
    onSuccess: (project) => navigate(`/project/${project.ref}`),
  });

  const submit = handleSubmit((form) => {
    const version = fromFormValue(form.postgresVersion);
    if (!version) return;
    createProject.mutate({ name: form.name, organization_slug: slug, region: form.region, ...version });
  });

  return (
    <form noValidate onSubmit={submit}>
      <Dialog.Body>
        <FormField control={control} name="name" id="project-name" label="Name" autoFocus autoComplete="off" placeholder="my-app" />
        <FormField
          control={control}
          name="region"
          id="project-region"
          label="Region"
          render={(state) => (
            <Select
              {...selectProps(state)}
              onValueChange={(value) => {
                const choice = REGIONS.find((option) => option.id === value);
                if (!choice) return;
                state.field.onChange(choice.id);
                setRegion(choice.id);
              }}
            >
              {REGIONS.map((option) => (
                <Select.Item key={option.id} value={option.id} hint={option.id}>
                  {option.label}
                </Select.Item>
              ))}
            </Select>
          )}
        />
        <FormField
          control={control}
          name="postgresVersion"
          id="project-postgres-version"
          label="Postgres version"
          description={versions.isError ? `Failed to load versions: ${versions.error.message}` : undefined}
          render={(state) => (
            <VersionSelector {...selectProps(state)} options={versions.data?.available_versions} isLoading={versions.isLoading} />
          )}
        />
      </Dialog.Body>
      <Dialog.Footer>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" loading={createProject.isPending}>
          Create project
        </Button>
      </Dialog.Footer>
    </form>
  );
}
