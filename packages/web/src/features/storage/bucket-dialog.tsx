import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { BUCKET_SIZE_UNIT_NOTE, BUCKET_SIZE_UNITS, type StorageBucket } from '@basin/core/schemas';
import { useSaveBucketMutation } from '../../data/storage/use-save-bucket-mutation';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { type BucketForm, BucketFormSchema, bucketFormDefaults, createBody, updateBody } from './bucket-form';
import { Toggle } from './toggle';

const resolver = zodResolver(BucketFormSchema);

/** Create a bucket (no `bucket`) or edit one: name (fixed once made), public, file size limit, allowed MIME types. */
export function BucketDialog({
  projectRef,
  bucket,
  open,
  onOpenChange,
  onSaved,
}: {
  projectRef: string;
  bucket?: StorageBucket;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: (bucket: StorageBucket) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <Dialog.Content
        title={bucket ? `Edit bucket ${bucket.name}` : 'Create a bucket'}
        description={bucket ? undefined : 'A bucket holds files: images, documents, uploads of your users.'}
      >
        {open ? (
          <BucketFormBody
            key={bucket?.id ?? 'new'}
            projectRef={projectRef}
            bucket={bucket}
            onDone={() => onOpenChange(false)}
            onSaved={onSaved}
          />
        ) : null}
      </Dialog.Content>
    </Dialog>
  );
}

function BucketFormBody({
  projectRef,
  bucket,
  onDone,
  onSaved,
}: {
  projectRef: string;
  bucket?: StorageBucket;
  onDone: () => void;
  onSaved?: (bucket: StorageBucket) => void;
}) {
  const {
    control,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<BucketForm>({ resolver, mode: 'onSubmit', reValidateMode: 'onBlur', defaultValues: bucketFormDefaults(bucket) });
  const save = useSaveBucketMutation({
    onSuccess: (saved) => {
      onSaved?.(saved);
      onDone();
    },
    onError: (error) => setError(/name|exists/i.test(error.message) && !bucket ? 'name' : 'root', { message: error.message }),
  });
  const submit = handleSubmit((form) =>
    save.mutate(bucket ? { ref: projectRef, id: bucket.id, body: updateBody(form) } : { ref: projectRef, body: createBody(form) }),
  );
  const isPublic = watch('public');
  const limitEnabled = watch('limitEnabled');

  return (
    <form noValidate onSubmit={submit} className="flex min-h-0 flex-col">
      <Dialog.Body>
        <FormField
          control={control}
          name="name"
          id="bucket-name"
          label="Name of bucket"
          description={
            bucket ? 'A bucket keeps its name.' : 'Letters, digits, spaces and - _ . are safe; the name is part of every file URL.'
          }
          autoComplete="off"
          spellCheck={false}
          disabled={Boolean(bucket)}
        />
        <Controller
          control={control}
          name="public"
          render={({ field }) => (
            <Toggle
              id="bucket-public"
              label="Public bucket"
              description="Anyone can read its files through their URL, without a key or policy. Uploads and deletions still need one."
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />
        {isPublic ? (
          <Alert tone="warning" title="Public buckets are readable by anyone">
            Every file in this bucket can be downloaded by whoever knows (or guesses) its URL. Keep private data in a private bucket and
            share it with signed URLs.
          </Alert>
        ) : null}
        <Controller
          control={control}
          name="limitEnabled"
          render={({ field }) => (
            <Toggle
              id="bucket-limit-enabled"
              label="Restrict file upload size"
              description="Without it, the project's file size limit applies (Storage → Settings)."
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />
        {limitEnabled ? (
          <FormField
            control={control}
            name="limitValue"
            id="bucket-limit"
            label="File size limit"
            description={BUCKET_SIZE_UNIT_NOTE}
            render={({ field, props }) => (
              <div className="flex gap-2">
                <Input inputMode="decimal" {...props} {...field} />
                <Controller
                  control={control}
                  name="limitUnit"
                  render={({ field: unitField }) => (
                    <Select
                      ariaLabel="Size unit"
                      value={unitField.value}
                      onValueChange={unitField.onChange}
                      fullWidth={false}
                      className="w-24"
                    >
                      {BUCKET_SIZE_UNITS.map(({ unit }) => (
                        <Select.Item key={unit} value={unit}>
                          {unit}
                        </Select.Item>
                      ))}
                    </Select>
                  )}
                />
              </div>
            )}
          />
        ) : null}
        <FormField
          control={control}
          name="mimeTypes"
          id="bucket-mime-types"
          label="Allowed MIME types"
          description="Comma-separated, e.g. image/png, image/jpeg, image/*. Leave empty to allow any type."
          placeholder="image/*, application/pdf"
          autoComplete="off"
          spellCheck={false}
        />
        {errors.root?.message ? (
          <Alert tone="danger" title={bucket ? 'The bucket was not changed' : 'The bucket was not created'}>
            {errors.root.message}
          </Alert>
        ) : null}
      </Dialog.Body>
      <Dialog.Footer>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="primary" loading={save.isPending}>
          {bucket ? 'Save' : 'Create bucket'}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
