import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Rocket } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useDeployFunctionMutation } from '../../data/functions/use-deploy-function-mutation';
import { useFunctionsQuery } from '../../data/functions/use-functions-query';
import { useProjectRole } from '../../data/use-project-role';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CheckboxField, FormField } from '../../ui/form-field';
import { Page, PageHeader } from '../../ui/page';
import { Tooltip } from '../../ui/tooltip';
import {
  DeployFunctionForm,
  ENTRYPOINT,
  importMapPath,
  normalizedFiles,
  slugify,
  STARTER_CODE,
  type DeployFunctionFormInput,
  type DeployFunctionFormValues,
} from './deploy-schema';
import { FilesEditor, type FileErrors } from './files-editor';
import { functionPermissions } from './function-permissions';
import { VERIFY_JWT } from './verify-jwt';
import { SandboxNotice } from './sandbox-notice';

const resolver = zodResolver(DeployFunctionForm);

const DEFAULTS: DeployFunctionFormInput = {
  name: 'hello-world',
  slug: 'hello-world',
  verifyJwt: true,
  files: [{ path: ENTRYPOINT, content: STARTER_CODE }],
};

/** /project/:ref/functions/new — write a function in the browser and deploy it as the CLI would. */
export function DeployFunctionPage() {
  const { ref = '' } = useParams();
  const navigate = useNavigate();
  const permissions = functionPermissions(useProjectRole(ref));
  const existing = useFunctionsQuery(ref);
  const [slugEdited, setSlugEdited] = useState(false);
  const {
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<DeployFunctionFormInput, unknown, DeployFunctionFormValues>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: DEFAULTS,
  });
  const deploy = useDeployFunctionMutation({
    onSuccess: (fn) => navigate(`/project/${ref}/functions/${encodeURIComponent(fn.slug)}/details`),
  });
  const slug = useWatch({ control, name: 'slug' });
  const replaces = existing.data?.find((fn) => fn.slug === slug.trim());

  const submit = handleSubmit((values) => {
    const files = normalizedFiles(values.files);
    deploy.mutate({
      ref,
      slug: values.slug,
      metadata: {
        name: values.name,
        verify_jwt: values.verifyJwt,
        entrypoint_path: files[0]?.path ?? ENTRYPOINT,
        import_map_path: importMapPath(files.map((file) => file.path)),
      },
      files,
    });
  });

  const fileErrors: FileErrors = Array.isArray(errors.files)
    ? errors.files.map((error) => (error ? { path: error.path?.message, content: error.content?.message } : undefined))
    : [];
  const disabled = permissions.loaded && !permissions.canWrite;

  return (
    <Page wide>
      <Link to={`/project/${ref}/functions`} className="mb-3 inline-flex items-center gap-1 text-xs text-muted hover:text-foreground">
        <ArrowLeft className="size-3.5" aria-hidden="true" />
        Edge Functions
      </Link>
      <PageHeader
        title="Deploy a new function"
        description="Write the function here; Deploy sends its files as the Supabase CLI does. Deploying to an existing slug makes a new version of that function."
      />
      <SandboxNotice projectRef={ref} />
      {disabled ? <Alert tone="warning" title={permissions.writeTooltip ?? ''} className="mb-4" /> : null}
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <div className="grid gap-4 md:grid-cols-2">
          <FormField
            control={control}
            name="name"
            // The slug follows the name until the member edits it.
            rules={{
              onChange: (event: { target: { value: string } }) => {
                if (!slugEdited) setValue('slug', slugify(event.target.value), { shouldValidate: Boolean(errors.slug) });
              },
            }}
            id="function-name"
            label="Name"
            description="Shown in the dashboard."
            disabled={disabled}
          />
          <FormField
            control={control}
            name="slug"
            rules={{ onChange: () => setSlugEdited(true) }}
            id="function-slug"
            label="Slug"
            mono
            disabled={disabled}
            description={
              replaces ? (
                <span className="text-warning">
                  A function with this slug exists ({replaces.name}): deploying replaces its code with a new version.
                </span>
              ) : (
                <>
                  Its URL: <code className="font-mono">/functions/v1/{slug || '<slug>'}</code>
                </>
              )
            }
          />
        </div>
        <CheckboxField control={control} name="verifyJwt" id="function-verify-jwt" {...VERIFY_JWT} disabled={disabled} />
        <Controller
          control={control}
          name="files"
          render={({ field }) => (
            <FilesEditor
              files={field.value}
              onChange={field.onChange}
              errors={fileErrors}
              rootError={errors.files?.message ?? errors.files?.root?.message}
              readOnly={disabled}
            />
          )}
        />
        {deploy.error ? (
          <Alert tone="danger" title="The function was not deployed">
            {deploy.error.message}
          </Alert>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button asChild>
            <Link to={`/project/${ref}/functions`}>Cancel</Link>
          </Button>
          <Tooltip content={disabled ? permissions.writeTooltip : null} wrapDisabled>
            <Button type="submit" variant="primary" loading={deploy.isPending} disabled={disabled}>
              <Rocket className="size-3.5" aria-hidden="true" />
              Deploy function
            </Button>
          </Tooltip>
        </div>
      </form>
    </Page>
  );
}
