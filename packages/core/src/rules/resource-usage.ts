/**
 * Resource usage of a project instance (spec part 1 §3 "resource warning"): what the server reads
 * from the instance's processes becomes percentages of the project's compute size and disk, and
 * percentages become levels. Disk space has its own rule beside the other disk rules.
 */
import { computeSize } from '../catalogues/compute-sizes.ts';
import { diskSpaceLevel, type DiskAttributes, type ResourceLevel } from './disk.ts';
import type { ComputeSizeId } from './instance-settings.ts';
import type { ResourceLevels } from './resource-warning-banner.ts';

/** CPU, memory and disk I/O above these percentages of what the project has raise a warning, then a critical one. */
export const USAGE_WARNING_PERCENT = 80;
export const USAGE_CRITICAL_PERCENT = 95;

/** The project's auth settings limit emails per hour (rate_limit_email_sent); sends are counted over this window. */
export const AUTH_EMAIL_WINDOW_SECONDS = 60 * 60;

const MIB = 1024 ** 2;
const GIB = 1024 ** 3;
/** io2 has no throughput setting: each I/O moves at most 256 KiB, up to 4,000 MB/s a volume. */
const IO2_BYTES_PER_IO = 256 * 1024;
const IO2_MAX_MBPS = 4000;

export function usageLevel(percent: number | null): ResourceLevel | null {
  if (percent === null) return null;
  if (percent > USAGE_CRITICAL_PERCENT) return 'critical';
  if (percent > USAGE_WARNING_PERCENT) return 'warning';
  return null;
}

/**
 * Cores the project may keep busy: those of its compute size (a shared-CPU size counts as one),
 * never more than the machine has, or an instance could not reach 100% however hard it worked.
 */
export function cpuCores(size: ComputeSizeId, hostCores: number): number {
  return Math.max(1, Math.min(computeSize(size).cores ?? 1, hostCores));
}

/** Bytes per second the disk is provisioned for. */
export function diskThroughputBytesPerSecond(disk: DiskAttributes): number {
  if (disk.type === 'gp3') return (disk.throughput_mbps ?? 0) * MIB;
  return Math.min(disk.iops * IO2_BYTES_PER_IO, IO2_MAX_MBPS * MIB);
}

export function memoryPercent(bytes: number | null, size: ComputeSizeId): number | null {
  return bytes === null ? null : (bytes / (computeSize(size).memoryGb * GIB)) * 100;
}

/** Cumulative counters of an instance's processes at one moment. */
export interface UsageCounters {
  /** The process tree they belong to (postmaster pid and start time): a restarted instance counts from zero. */
  instance: string;
  /** Milliseconds since the epoch. */
  at: number;
  cpuSeconds: number;
  /** Bytes read from and written to storage; null where the kernel would not tell. */
  ioBytes: number | null;
}

export interface UsageBudget {
  cores: number;
  throughputBytesPerSecond: number;
}

export interface UsageBetween {
  cpuPercent: number | null;
  diskIoPercent: number | null;
}

/**
 * CPU and disk I/O between two readings of the same instance, as percentages of the budget;
 * null without an earlier reading of that instance. A counter never runs backwards, except by a
 * process leaving between the reads, so a negative difference counts as none.
 */
export function usageBetween(previous: UsageCounters | undefined, current: UsageCounters, budget: UsageBudget): UsageBetween {
  const seconds = previous ? (current.at - previous.at) / 1000 : 0;
  if (!previous || previous.instance !== current.instance || seconds <= 0) return { cpuPercent: null, diskIoPercent: null };
  const rate = (delta: number) => Math.max(0, delta) / seconds;
  const cpuPercent = (rate(current.cpuSeconds - previous.cpuSeconds) / budget.cores) * 100;
  const diskIoPercent =
    current.ioBytes === null || previous.ioBytes === null || budget.throughputBytesPerSecond <= 0
      ? null
      : (rate(current.ioBytes - previous.ioBytes) / budget.throughputBytesPerSecond) * 100;
  return { cpuPercent, diskIoPercent };
}

/**
 * Auth emails: a warning once the sends of the last hour reach the project's hourly limit (more
 * emails wait until the hour has passed). There is no critical level: the spec has no critical
 * text for it, and a reached limit delays emails rather than losing them.
 */
export function authEmailLevel(sentLastHour: number, limitPerHour: number): ResourceLevel | null {
  return sentLastHour > 0 && sentLastHour >= limitPerHour ? 'warning' : null;
}

/** What is known of a project's resources; null for what was not measured. */
export interface ResourceMeasurement {
  readonly: boolean;
  diskUsedBytes: number;
  diskSizeGb: number;
  cpuPercent: number | null;
  memoryPercent: number | null;
  diskIoPercent: number | null;
  authEmails: { sentLastHour: number; limitPerHour: number } | null;
}

export function resourceLevels(measurement: ResourceMeasurement): ResourceLevels {
  const { authEmails } = measurement;
  return {
    is_readonly_mode_enabled: measurement.readonly,
    disk_space: diskSpaceLevel(measurement.diskUsedBytes, measurement.diskSizeGb),
    disk_io: usageLevel(measurement.diskIoPercent),
    cpu: usageLevel(measurement.cpuPercent),
    memory: usageLevel(measurement.memoryPercent),
    auth_email_rate_limit: authEmails ? authEmailLevel(authEmails.sentLastHour, authEmails.limitPerHour) : null,
  };
}
