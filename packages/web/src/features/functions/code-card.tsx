import { zodResolver } from '@hookform/resolvers/zod';
import type { EdgeFunction } from '@basin/core/schemas';
import { Pencil, Rocket } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useDeployFunctionMutation } from '../../data/functions/use-deploy-function-mutation';
import { useFunctionBodyQuery, type FunctionBody } from '../../data/functions/use-function-body-query';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import { Tooltip } from '../../ui/tooltip';
import { EditFunctionCodeForm, importMapPath, normalizedFiles, type EditFunctionCodeFormValues, type FunctionFile } from './deploy-schema';
import { FilesEditor, type FileErrors } from './files-editor';

const resolver = zodResolver(EditFunctionCodeForm);

/** The current files, entrypoint first, in an editor; Redeploy sends them as a new version. */
function EditCodeForm({ projectRef, fn, body, onDone }: { projectRef: string; fn: EdgeFunction; body: FunctionBody; onDone: () => void }) {
  const {
    control,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<{ files: FunctionFile[] }, unknown, EditFunctionCodeFormValues>({
    resolver,
    defaultValues: { files: body.files },
    reValidateMode: 'onChange',
  });
  const deploy = useDeployFunctionMutation({ onSuccess: onDone });
  const submit = handleSubmit(({ files }) => {
    const normalized = normalizedFiles(files);
    deploy.mutate({
      ref: projectRef,
      slug: fn.slug,
      metadata: {
        name: fn.name,
        verify_jwt: fn.verify_jwt,
        entrypoint_path: normalized[0]?.path ?? fn.entrypoint_path,
        import_map_path: fn.import_map_path ?? importMapPath(normalized.map((file) => file.path)),
      },
      files: normalized,
    });
  });
  const fileErrors: FileErrors = Array.isArray(errors.files)
    ? errors.files.map((error) => (error ? { path: error.path?.message, content: error.content?.message } : undefined))
    : [];
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <Controller
        control={control}
        name="files"
        render={({ field }) => (
          <FilesEditor files={field.value} onChange={field.onChange} errors={fileErrors} rootError={errors.files?.message} />
        )}
      />
      {deploy.error ? (
        <Alert tone="danger" title="The new version was not deployed">
          {deploy.error.message}
        </Alert>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button onClick={onDone} disabled={deploy.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" loading={deploy.isPending} disabled={!isDirty}>
          <Rocket className="size-3.5" aria-hidden="true" />
          Redeploy
        </Button>
      </div>
    </form>
  );
}

/** The function's code: read-only for members who may not deploy, editable and redeployable for the others. */
export function CodeCard({
  projectRef,
  fn,
  canWrite,
  writeTooltip,
}: {
  projectRef: string;
  fn: EdgeFunction;
  canWrite: boolean;
  writeTooltip: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  const body = useFunctionBodyQuery(projectRef, fn.slug, { enabled: open });
  return (
    <Card>
      <Card.Header>
        <div>
          <Card.Title>Code</Card.Title>
          <p className="text-xs text-muted">
            Version {fn.version}, entrypoint <code className="font-mono">{fn.entrypoint_path}</code>
            {fn.import_map_path ? (
              <>
                , import map <code className="font-mono">{fn.import_map_path}</code>
              </>
            ) : null}
          </p>
        </div>
        {open ? null : (
          <Tooltip content={canWrite ? null : writeTooltip} wrapDisabled={!canWrite}>
            <Button size="sm" onClick={() => setOpen(true)}>
              <Pencil className="size-3.5" aria-hidden="true" />
              {canWrite ? 'Edit code' : 'View code'}
            </Button>
          </Tooltip>
        )}
      </Card.Header>
      {open ? (
        <Card.Content>
          {body.isError ? (
            <Alert tone="danger" title="Could not load the function's files">
              <p>{body.error.message}</p>
              <Button size="sm" className="mt-2" onClick={() => void body.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : !body.data ? (
            <Skeleton className="h-[420px] w-full rounded-lg" />
          ) : canWrite ? (
            <EditCodeForm key={fn.version} projectRef={projectRef} fn={fn} body={body.data} onDone={() => setOpen(false)} />
          ) : (
            <div className="flex flex-col gap-3">
              <FilesEditor files={body.data.files} onChange={() => undefined} readOnly />
              <div className="flex justify-end">
                <Button onClick={() => setOpen(false)}>Close</Button>
              </div>
            </div>
          )}
        </Card.Content>
      ) : null}
    </Card>
  );
}
