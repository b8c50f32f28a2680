import { z } from 'zod';
import { DISK_MESSAGES } from '../disk-messages.ts';
import { DISK_AUTOSCALE_BLOCKS } from '../rules/disk-autoscale.ts';
import { DISK_LIMITS, DISK_TYPES, type Range } from '../rules/disk.ts';

const within = (field: string, range: Range, unit: string) =>
  z
    .number()
    .int(`${field} must be a whole number`)
    .min(range.min, DISK_MESSAGES.outOfRange(field, range.min, range.max, unit))
    .max(range.max, DISK_MESSAGES.outOfRange(field, range.min, range.max, unit));

const Gp3Attributes = z.strictObject({
  type: z.literal('gp3'),
  size_gb: within('size_gb', DISK_LIMITS.gp3.storageGb, 'GB'),
  iops: within('iops', DISK_LIMITS.gp3.iops, 'IOPS'),
  throughput_mbps: within('throughput_mbps', DISK_LIMITS.gp3.throughputMbps!, 'MB/s').optional(),
});

const Io2Attributes = z.strictObject(
  {
    type: z.literal('io2'),
    size_gb: within('size_gb', DISK_LIMITS.io2.storageGb, 'GB'),
    iops: within('iops', DISK_LIMITS.io2.iops, 'IOPS'),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? DISK_MESSAGES.throughputOnlyGp3 : undefined) },
);

/** Each disk type checked against its own limits (spec part 1 §9). */
export const DiskAttributesInput = z.discriminatedUnion('type', [Gp3Attributes, Io2Attributes], {
  error: () => 'type must be gp3 or io2',
});

export const UpdateDiskBody = z.object({ attributes: DiskAttributesInput }).meta({ id: 'UpdateDiskBody' });
export type UpdateDiskBody = z.infer<typeof UpdateDiskBody>;

const StoredDiskAttributes = z
  .object({
    type: z.enum(DISK_TYPES),
    size_gb: z.number(),
    iops: z.number(),
    throughput_mbps: z.number().optional(),
  })
  .meta({ id: 'DiskAttributes' });

export const DiskResponse = z
  .object({ attributes: StoredDiskAttributes, last_modified_at: z.string().nullable() })
  .meta({ id: 'DiskResponse' });
export type DiskResponse = z.infer<typeof DiskResponse>;

/** One change of the disk, by a member or by autoscaling (store/disks.ts keeps them). */
export const DiskHistoryEntry = z
  .object({
    changed_at: z.string(),
    cause: z
      .enum(['member', 'autoscale'])
      .meta({ description: 'member: a save of the disk form or API; autoscale: the disk grew by itself' }),
    previous: StoredDiskAttributes,
    attributes: StoredDiskAttributes,
    used_bytes: z.number().nullable().meta({ description: 'For autoscale: the usage that made the disk grow' }),
  })
  .meta({ id: 'DiskHistoryEntry' });
export type DiskHistoryEntry = z.infer<typeof DiskHistoryEntry>;

const Level = z.enum(['warning', 'critical']).nullable();

export const ResourceWarning = z
  .object({
    project: z.string(),
    is_readonly_mode_enabled: z.boolean(),
    disk_space: Level,
    disk_io: Level,
    cpu: Level,
    memory: Level,
    auth_email_rate_limit: Level,
    disk_autoscale_blocked: z
      .object({ reason: z.enum(DISK_AUTOSCALE_BLOCKS), retry_at: z.string().nullable(), message: z.string() })
      .nullable()
      .meta({ description: 'Set when the disk is more than 90% full and cannot grow by itself: why, in words' }),
  })
  .meta({ id: 'ResourceWarning' });
export type ResourceWarning = z.infer<typeof ResourceWarning>;

export const ResourceWarningsQuery = z.object({ ref: z.string().optional(), slug: z.string().optional() });
