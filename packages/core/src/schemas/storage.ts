import { z } from 'zod';

/**
 * The dashboard's Storage pages (`/platform/storage/{ref}/...`): buckets, their objects, the
 * project's storage settings and the archive of every bucket. Buckets and objects are Supabase
 * Storage's own shapes (storage-js reads the same), the dashboard acting as service_role.
 */

/** Supabase's bucket name rules: what S3 calls safe, no leading dot, at most 100 characters. */
export const BUCKET_NAME_MAX_LENGTH = 100;
export const BucketName = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(BUCKET_NAME_MAX_LENGTH, `Name must be at most ${BUCKET_NAME_MAX_LENGTH} characters`)
  .regex(/^[\w!\-.*'() &$@=;:+,?]+$/, "Only letters, digits, spaces and _ ! - . * ' ( ) & $ @ = ; : + , ? are allowed")
  .refine((name) => !name.startsWith('.'), 'Name may not start with a dot');

/** A bucket id in a path (its name). */
export const BucketId = z.string().min(1).max(BUCKET_NAME_MAX_LENGTH);

export const MIME_TYPE_PATTERN = /^[a-z0-9!#$&^_.+-]+\/([a-z0-9!#$&^_.+-]+|\*)$/i;
export const MimeTypes = z
  .array(z.string().trim().regex(MIME_TYPE_PATTERN, 'Use MIME types such as image/png or image/*'))
  .max(100, 'At most 100 MIME types');

/** Bytes; null is no limit of the bucket's own (the project's limit applies). */
export const FileSizeLimit = z.number().int().min(1, 'The limit must be at least 1 byte').max(Number.MAX_SAFE_INTEGER).nullable();

export const StorageBucket = z
  .object({
    id: z.string(),
    name: z.string(),
    owner: z.string().nullable().optional(),
    public: z.boolean(),
    file_size_limit: z.number().nullable(),
    allowed_mime_types: z.array(z.string()).nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'StorageBucket' });
export type StorageBucket = z.infer<typeof StorageBucket>;

export const CreateBucketBody = z.object({
  name: BucketName,
  public: z.boolean().default(false),
  file_size_limit: FileSizeLimit.optional(),
  allowed_mime_types: MimeTypes.nullable().optional(),
});
export type CreateBucketBody = z.infer<typeof CreateBucketBody>;

export const UpdateBucketBody = z
  .object({
    public: z.boolean().optional(),
    file_size_limit: FileSizeLimit.optional(),
    allowed_mime_types: MimeTypes.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to change');
export type UpdateBucketBody = z.infer<typeof UpdateBucketBody>;

export const StorageMessage = z.object({ message: z.string() });
export type StorageMessage = z.infer<typeof StorageMessage>;

/** Object names: at most 1,024 characters, no empty, `.` or `..` segment (the storage API checks the rest). */
export const OBJECT_NAME_MAX_LENGTH = 1024;
export const ObjectPath = z
  .string()
  .min(1, 'The path is required')
  .max(OBJECT_NAME_MAX_LENGTH, `Paths are at most ${OBJECT_NAME_MAX_LENGTH} characters`);

export const STORAGE_SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const;
export const STORAGE_LIST_LIMIT = 200;

export const ListObjectsBody = z.object({
  /** The folder to list, '' for the bucket's root; with or without a trailing slash. */
  path: z.string().max(OBJECT_NAME_MAX_LENGTH).default(''),
  limit: z.number().int().min(1).max(1000).default(STORAGE_LIST_LIMIT),
  offset: z.number().int().min(0).max(1_000_000).default(0),
  /** The start of the names to list, any case. */
  search: z.string().max(255).default(''),
  sortBy: z
    .object({ column: z.enum(STORAGE_SORT_COLUMNS).default('name'), order: z.enum(['asc', 'desc']).default('asc') })
    .default({ column: 'name', order: 'asc' }),
});
export type ListObjectsBody = z.input<typeof ListObjectsBody>;

export const StorageObjectMetadata = z
  .object({
    size: z.number().optional(),
    mimetype: z.string().optional(),
    cacheControl: z.string().optional(),
    eTag: z.string().optional(),
    lastModified: z.string().optional(),
  })
  .catchall(z.unknown());

/** One entry of a folder: a folder (id null) or a file. */
export const StorageObject = z
  .object({
    name: z.string(),
    id: z.string().nullable(),
    updated_at: z.string().nullable(),
    created_at: z.string().nullable(),
    last_accessed_at: z.string().nullable(),
    metadata: StorageObjectMetadata.nullable(),
  })
  .meta({ id: 'StorageObject' });
export type StorageObject = z.infer<typeof StorageObject>;

export const DeleteObjectsBody = z.object({
  paths: z.array(ObjectPath).min(1, 'Choose at least one file').max(1000, 'At most 1000 files at once'),
});
export type DeleteObjectsBody = z.infer<typeof DeleteObjectsBody>;

export const MoveObjectBody = z.object({ from: ObjectPath, to: ObjectPath });
export type MoveObjectBody = z.infer<typeof MoveObjectBody>;

/** The signed URL expiries the dashboard offers, in seconds. */
export const SIGNED_URL_EXPIRIES = [
  { seconds: 60 * 60, label: '1 hour' },
  { seconds: 24 * 60 * 60, label: '1 day' },
  { seconds: 7 * 24 * 60 * 60, label: '1 week' },
  { seconds: 30 * 24 * 60 * 60, label: '1 month' },
  { seconds: 365 * 24 * 60 * 60, label: '1 year' },
] as const;
export const SIGNED_URL_MAX_SECONDS = 10 * 365 * 24 * 60 * 60;

export const SignObjectBody = z.object({
  path: ObjectPath,
  expiresIn: z.number().int().min(1, 'At least 1 second').max(SIGNED_URL_MAX_SECONDS, 'At most 10 years'),
});
export type SignObjectBody = z.infer<typeof SignObjectBody>;
export const SignedObjectUrl = z.object({ signedUrl: z.string(), expiresAt: z.string() }).meta({ id: 'SignedObjectUrl' });
export type SignedObjectUrl = z.infer<typeof SignedObjectUrl>;

export const PublicUrlBody = z.object({ path: ObjectPath });
export const PublicObjectUrl = z.object({ publicUrl: z.string() }).meta({ id: 'PublicObjectUrl' });
export type PublicObjectUrl = z.infer<typeof PublicObjectUrl>;

export const UploadedObject = z.object({ Id: z.string(), Key: z.string() }).meta({ id: 'UploadedObject' });
export type UploadedObject = z.infer<typeof UploadedObject>;

/** The placeholder object that keeps an empty folder, as Supabase's dashboard makes it. */
export const EMPTY_FOLDER_PLACEHOLDER = '.emptyFolderPlaceholder';

/** The project's storage settings: the largest file any bucket takes (a bucket's own limit may only be lower). */
export const StorageSettings = z
  .object({
    file_size_limit: z.number().int(),
    /** The installation's maximum (BASIN_STORAGE_MAX_FILE_SIZE): the project's limit may not exceed it. */
    max_file_size_limit: z.number().int(),
  })
  .meta({ id: 'StorageSettings' });
export type StorageSettings = z.infer<typeof StorageSettings>;
export const UpdateStorageSettingsBody = z.object({
  file_size_limit: z.number().int().min(1, 'The limit must be at least 1 byte').max(Number.MAX_SAFE_INTEGER),
});
export type UpdateStorageSettingsBody = z.infer<typeof UpdateStorageSettingsBody>;

export const STORAGE_ARCHIVE_STATUSES = ['RUNNING', 'READY', 'FAILED'] as const;
export const StorageArchive = z
  .object({
    status: z.enum(STORAGE_ARCHIVE_STATUSES),
    created_at: z.string(),
    finished_at: z.string().nullable(),
    /** Objects written so far (all of them once READY). */
    objects: z.number().int(),
    /** The zip's size once READY. */
    size: z.number().int().nullable(),
    /** Where the zip downloads from, once READY. */
    fileUrl: z.string().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'StorageArchive' });
export type StorageArchive = z.infer<typeof StorageArchive>;

/** Size units of the project's limit field (Storage → Settings): units of 1024. */
export const SIZE_UNITS = [
  { unit: 'bytes', bytes: 1 },
  { unit: 'KB', bytes: 1024 },
  { unit: 'MB', bytes: 1024 ** 2 },
  { unit: 'GB', bytes: 1024 ** 3 },
] as const;
export type SizeUnit = (typeof SIZE_UNITS)[number]['unit'];

/**
 * Size units of a bucket's file size limit: units of 1000, as Supabase Storage reads a bucket's
 * `fileSizeLimit: '20MB'` (20,000,000 bytes), so the dashboard and the API agree.
 */
export const BUCKET_SIZE_UNITS = [
  { unit: 'bytes', bytes: 1 },
  { unit: 'KB', bytes: 1000 },
  { unit: 'MB', bytes: 1000 ** 2 },
  { unit: 'GB', bytes: 1000 ** 3 },
] as const satisfies readonly { unit: SizeUnit; bytes: number }[];

/** The form's words for the bucket limit's unit. */
export const BUCKET_SIZE_UNIT_NOTE = 'Units of 1000, as Supabase counts them: 1 MB is 1,000,000 bytes.';

type Units = readonly { unit: SizeUnit; bytes: number }[];

/** The largest unit that expresses `bytes` whole: 52428800 → 50 MB (BUCKET_SIZE_UNITS: 20000000 → 20 MB). */
export function sizeInUnits(bytes: number, units: Units = SIZE_UNITS): { value: number; unit: SizeUnit } {
  for (const { unit, bytes: size } of [...units].reverse()) {
    if (bytes >= size && bytes % size === 0) return { value: bytes / size, unit };
  }
  return { value: bytes, unit: 'bytes' };
}

export const bytesOf = (value: number, unit: SizeUnit, units: Units = SIZE_UNITS) =>
  Math.round(value * units.find((candidate) => candidate.unit === unit)!.bytes);

/** A bucket's limit for the buckets list, in its units of 1000: '20 MB', '1.5 MB'. */
export function formatBucketLimit(bytes: number): string {
  for (const { unit, bytes: size } of [...BUCKET_SIZE_UNITS].reverse()) {
    if (size > 1 && bytes >= size) return `${Number((bytes / size).toFixed(2))} ${unit}`;
  }
  return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
}

/** '1.5 MB' for the file browser. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let index = 0;
  while (value >= 1024 && index < units.length - 1) {
    value /= 1024;
    index++;
  }
  return `${Number(value.toFixed(value >= 100 ? 0 : 1))} ${units[index]}`;
}

/** The Storage pages' words, shared by the server's refusals and the dashboard. */
export const STORAGE_MESSAGES = {
  noWritePermission: 'You need the Owner, Administrator or Developer role to change buckets and files',
  noSettingsPermission: "You need the Owner or Administrator role to change the project's storage settings",
  notRunning: (status: string) =>
    status === 'INACTIVE'
      ? 'The project is paused: restore it to see and manage its files'
      : `The project's database is not running (status ${status}): its buckets can be managed once it is healthy again`,
  archiveNotFound: 'Storage archive not found',
  archiveFailed: (message: string) => `Failed to create storage archive: ${message}`,
  archiveRunning: 'An archive of this project is being created already',
  notPublic: (bucket: string) => `The bucket ${bucket} is not public: create a signed URL instead`,
  bucketLimitAboveProject: (limit: string) => `A bucket's file size limit may not exceed the project's limit (${limit})`,
} as const;

/** The archive's state is polled every 5 s while it is created (spec part 1 §9). */
export const STORAGE_ARCHIVE_POLL_MS = 5000;
