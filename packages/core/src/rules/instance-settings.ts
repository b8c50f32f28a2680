/**
 * Compute size → Postgres settings of a project instance.
 *
 * Every project of an install shares ONE machine, so the numbers follow the size ladder of the
 * spec (part 1 §9) but stay far below what the advertised memory would allow: micro (the
 * default) keeps a fresh instance at ~60 MB RSS, and from xlarge on everything is capped so a
 * few large projects cannot starve the rest of the machine.
 */

/** Size ids of the compute catalogue, smallest first (spec part 1 §9). */
export const COMPUTE_SIZE_IDS = [
  'nano',
  'micro',
  'small',
  'medium',
  'large',
  'xlarge',
  '2xlarge',
  '4xlarge',
  '8xlarge',
  '12xlarge',
  '16xlarge',
  '24xlarge',
  '24xlarge_optimized_cpu',
  '24xlarge_optimized_memory',
  '24xlarge_high_memory',
  '48xlarge',
  '48xlarge_optimized_cpu',
  '48xlarge_optimized_memory',
  '48xlarge_high_memory',
] as const;

export type ComputeSizeId = (typeof COMPUTE_SIZE_IDS)[number];

/** The instance settings a compute size controls, as Postgres spells them. */
export interface InstanceSettings {
  shared_buffers: string;
  max_connections: number;
  work_mem: string;
}

/** The ceiling for any size: more would not be honest on a machine shared by every project. */
const CAPPED: InstanceSettings = { shared_buffers: '512MB', max_connections: 500, work_mem: '16MB' };

const SETTINGS_BY_SIZE: Record<ComputeSizeId, InstanceSettings> = {
  nano: { shared_buffers: '16MB', max_connections: 60, work_mem: '2MB' },
  micro: { shared_buffers: '32MB', max_connections: 60, work_mem: '2MB' },
  small: { shared_buffers: '64MB', max_connections: 90, work_mem: '4MB' },
  medium: { shared_buffers: '128MB', max_connections: 120, work_mem: '4MB' },
  large: { shared_buffers: '256MB', max_connections: 160, work_mem: '8MB' },
  xlarge: { shared_buffers: '512MB', max_connections: 240, work_mem: '8MB' },
  '2xlarge': { ...CAPPED, max_connections: 380 },
  '4xlarge': { ...CAPPED, max_connections: 480 },
  '8xlarge': CAPPED,
  '12xlarge': CAPPED,
  '16xlarge': CAPPED,
  '24xlarge': CAPPED,
  '24xlarge_optimized_cpu': CAPPED,
  '24xlarge_optimized_memory': CAPPED,
  '24xlarge_high_memory': CAPPED,
  '48xlarge': CAPPED,
  '48xlarge_optimized_cpu': CAPPED,
  '48xlarge_optimized_memory': CAPPED,
  '48xlarge_high_memory': CAPPED,
};

export function instanceSettings(size: ComputeSizeId): InstanceSettings {
  // A copy, so a caller that edits the result cannot change the table.
  return { ...SETTINGS_BY_SIZE[size] };
}

/**
 * How many sessions the read-only role may hold at once: a third of the instance's connections,
 * so that read-only users (the SQL editor included) can never take the slots `postgres` needs.
 */
export function readonlyConnectionLimit(maxConnections: number): number {
  return Math.floor(maxConnections / 3);
}
