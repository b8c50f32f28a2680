/**
 * Disk rules of spec part 1 §4 and §9: limits and prices per disk type, the disk included in
 * each plan, the monthly cost, autoscaling, the change cooldown and read-only mode.
 */

export const DISK_TYPES = ['gp3', 'io2'] as const;
export type DiskType = (typeof DISK_TYPES)[number];

export interface Range {
  min: number;
  max: number;
}

export interface DiskTypeLimits {
  label: string;
  description: string;
  storageGb: Range;
  iops: Range;
  /** Only gp3 has a throughput setting. */
  throughputMbps: Range | null;
  included: { iops: number; throughputMbps: number };
  pricePerUnit: { storageGb: number; iops: number; throughputMbps: number };
}

export const DISK_LIMITS: Record<DiskType, DiskTypeLimits> = {
  gp3: {
    label: 'General Purpose SSD',
    description: 'Balance of price and performance',
    storageGb: { min: 1, max: 16384 },
    iops: { min: 3000, max: 16000 },
    throughputMbps: { min: 125, max: 1000 },
    included: { iops: 3000, throughputMbps: 125 },
    pricePerUnit: { storageGb: 0.125, iops: 0.024, throughputMbps: 0.095 },
  },
  io2: {
    label: 'High Performance SSD',
    description: 'For mission-critical applications',
    storageGb: { min: 4, max: 61440 },
    iops: { min: 1500, max: 256000 },
    throughputMbps: null,
    included: { iops: 0, throughputMbps: 0 },
    pricePerUnit: { storageGb: 0.195, iops: 0.119, throughputMbps: 0 },
  },
};

export interface DiskAttributes {
  type: DiskType;
  size_gb: number;
  iops: number;
  throughput_mbps?: number;
}

/** A new project's disk: the smallest gp3 with what gp3 includes. */
export const DEFAULT_DISK: DiskAttributes = { type: 'gp3', size_gb: 8, iops: 3000, throughput_mbps: 125 };

/** gp3 storage included by plan; io2 includes none. */
export function includedDiskGb(plan: string, type: DiskType): number {
  if (type === 'io2') return 0;
  return plan === 'free' ? 1 : 8;
}

export interface DiskCost {
  storage: number;
  iops: number;
  throughput: number;
  total: number;
}

/** Monthly USD for what goes beyond what the plan and disk type include. */
export function diskMonthlyCost(disk: DiskAttributes, plan: string): DiskCost {
  const limits = DISK_LIMITS[disk.type];
  const price = limits.pricePerUnit;
  const beyond = (value: number, included: number) => Math.max(0, value - included);
  const storage = beyond(disk.size_gb, includedDiskGb(plan, disk.type)) * price.storageGb;
  const iops = beyond(disk.iops, limits.included.iops) * price.iops;
  const throughput = disk.type === 'gp3' ? beyond(disk.throughput_mbps ?? 0, limits.included.throughputMbps) * price.throughputMbps : 0;
  return { storage, iops, throughput, total: storage + iops + throughput };
}

/** Autoscale: past 90% usage the disk grows by 50%, at least 4 GB, never beyond 60,000 GB. */
export const AUTOSCALE_USAGE_RATIO = 0.9;
export const AUTOSCALE_GROWTH = 0.5;
export const AUTOSCALE_MIN_INCREMENT_GB = 4;
export const AUTOSCALE_MAX_SIZE_GB = 60000;
/** The spec's "Disk can grow up to 200GB": the most a disk grows by itself; members may go beyond it. */
export const AUTOSCALE_LIMIT_GB = 200;

/** The size after autoscaling, or the same size when usage does not call for growth. */
export function autoscaledSizeGb(sizeGb: number, usedGb: number): number {
  if (usedGb <= sizeGb * AUTOSCALE_USAGE_RATIO) return sizeGb;
  const increment = Math.max(AUTOSCALE_MIN_INCREMENT_GB, Math.ceil(sizeGb * AUTOSCALE_GROWTH));
  return Math.min(AUTOSCALE_MAX_SIZE_GB, sizeGb + increment);
}

/**
 * Seconds between two disk changes. The spec does not give the value; 6 hours is what a cloud
 * volume needs between modifications, so Basin uses it too.
 */
export const DISK_COOLDOWN_SECONDS = 6 * 60 * 60;

/** Seconds left in the cooldown (positive = in cooldown); 0 without a last change. */
export function diskCooldownRemainingSeconds(lastModifiedAt: string | null | undefined, now = new Date()): number {
  if (!lastModifiedAt) return 0;
  const elapsed = (now.getTime() - new Date(lastModifiedAt).getTime()) / 1000;
  return Math.max(0, Math.ceil(DISK_COOLDOWN_SECONDS - elapsed));
}

/** When the cooldown ends, as an ISO time; null outside it. */
export function diskCooldownEndsAt(lastModifiedAt: string | null | undefined, now = new Date()): string | null {
  if (!lastModifiedAt) return null;
  const end = new Date(lastModifiedAt).getTime() + DISK_COOLDOWN_SECONDS * 1000;
  return end > now.getTime() ? new Date(end).toISOString() : null;
}

/** Usage ratios that raise a disk space warning; above the critical one the instance goes read-only. */
export const DISK_WARNING_RATIO = 0.8;
export const DISK_READONLY_RATIO = 0.95;

export type ResourceLevel = 'warning' | 'critical';

export function diskSpaceLevel(usedBytes: number, sizeGb: number): ResourceLevel | null {
  const ratio = usedBytes / (sizeGb * 1024 ** 3);
  if (ratio > DISK_READONLY_RATIO) return 'critical';
  if (ratio > DISK_WARNING_RATIO) return 'warning';
  return null;
}

export function isReadOnlyUsage(usedBytes: number, sizeGb: number): boolean {
  return diskSpaceLevel(usedBytes, sizeGb) === 'critical';
}
