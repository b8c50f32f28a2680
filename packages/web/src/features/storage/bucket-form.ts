import { z } from 'zod';
import {
  BUCKET_SIZE_UNITS,
  BucketName,
  bytesOf,
  type CreateBucketBody,
  MIME_TYPE_PATTERN,
  type SizeUnit,
  sizeInUnits,
  type StorageBucket,
  type UpdateBucketBody,
} from '@basin/core/schemas';

const UNITS = BUCKET_SIZE_UNITS.map((unit) => unit.unit) as [SizeUnit, ...SizeUnit[]];
/** The limit in bytes, units of 1000 as Supabase reads a bucket's limit ('20MB' is 20,000,000 bytes). */
const limitBytes = (value: number, unit: SizeUnit) => bytesOf(value, unit, BUCKET_SIZE_UNITS);

/** The bucket dialog's fields: the limit as a number and a unit, the MIME types as one comma-separated text. */
export const BucketFormSchema = z
  .object({
    name: BucketName,
    public: z.boolean(),
    limitEnabled: z.boolean(),
    limitValue: z.string(),
    limitUnit: z.enum(UNITS),
    mimeTypes: z.string().max(10_000),
  })
  .superRefine((form, context) => {
    if (form.limitEnabled) {
      const value = Number(form.limitValue);
      if (!form.limitValue.trim() || !Number.isFinite(value) || value <= 0) {
        context.addIssue({ code: 'custom', path: ['limitValue'], message: 'Enter a size greater than 0' });
      } else if (limitBytes(value, form.limitUnit) < 1 || !Number.isSafeInteger(limitBytes(value, form.limitUnit))) {
        context.addIssue({ code: 'custom', path: ['limitValue'], message: 'Enter a size of at least 1 byte' });
      }
    }
    const invalid = mimeTypesOf(form.mimeTypes).find((type) => !MIME_TYPE_PATTERN.test(type));
    if (invalid)
      context.addIssue({ code: 'custom', path: ['mimeTypes'], message: `${invalid} is not a MIME type: use e.g. image/png or image/*` });
  });
export type BucketForm = z.infer<typeof BucketFormSchema>;

export const mimeTypesOf = (text: string) =>
  text
    .split(/[,\s]+/)
    .map((type) => type.trim())
    .filter(Boolean);

export function bucketFormDefaults(bucket?: StorageBucket): BucketForm {
  const limit = bucket?.file_size_limit ? sizeInUnits(bucket.file_size_limit, BUCKET_SIZE_UNITS) : { value: 50, unit: 'MB' as SizeUnit };
  return {
    name: bucket?.name ?? '',
    public: bucket?.public ?? false,
    limitEnabled: Boolean(bucket?.file_size_limit),
    limitValue: String(limit.value),
    limitUnit: limit.unit,
    mimeTypes: bucket?.allowed_mime_types?.join(', ') ?? '',
  };
}

const limitOf = (form: BucketForm) => (form.limitEnabled ? limitBytes(Number(form.limitValue), form.limitUnit) : null);
const typesOf = (form: BucketForm) => {
  const types = mimeTypesOf(form.mimeTypes);
  return types.length ? types : null;
};

export const createBody = (form: BucketForm): CreateBucketBody => ({
  name: form.name.trim(),
  public: form.public,
  file_size_limit: limitOf(form),
  allowed_mime_types: typesOf(form),
});

export const updateBody = (form: BucketForm): UpdateBucketBody => ({
  public: form.public,
  file_size_limit: limitOf(form),
  allowed_mime_types: typesOf(form),
});
