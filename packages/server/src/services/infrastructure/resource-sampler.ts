/**
 * One sampling round over every running project: disk use (growing a full disk where it may, and
 * enforcing read-only mode, as it goes), CPU, memory and disk I/O of the instance's processes, and
 * the auth emails of the last hour.
 * Each project keeps its latest sample, which the resource warnings are read from, and a week of
 * samples (with its client sessions), which the reports chart.
 */
import { availableParallelism } from 'node:os';
import {
  AUTH_EMAIL_WINDOW_SECONDS,
  cpuCores,
  type DiskAttributes,
  diskThroughputBytesPerSecond,
  memoryPercent,
  usageBetween,
  type UsageCounters,
} from '@basin/core';
import type { InstanceStats } from '../../instances/types.ts';
import * as authEmailSends from '../../store/auth-email-sends.ts';
import * as authSettings from '../../store/auth-settings.ts';
import * as projects from '../../store/projects.ts';
import type { ProjectRow } from '../../store/projects.ts';
import * as history from '../../store/resource-history.ts';
import * as samples from '../../store/resource-samples.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { measureAndEnforce } from './disk-usage.ts';
import { instanceSpec } from '../projects/project-instance.ts';
import { rollUpUsage } from '../observability/usage-rollup.ts';

const ADMIN_TIMEOUT_MS = 10_000;
const HOUR_MS = 60 * 60 * 1000;
const GIB = 1024 ** 3;

function countersOf(sample: samples.ResourceSample | undefined): UsageCounters | undefined {
  if (!sample?.instance || sample.cpu_seconds === null) return undefined;
  return { instance: sample.instance, at: sample.sampled_at.getTime(), cpuSeconds: sample.cpu_seconds, ioBytes: sample.io_bytes };
}

/**
 * CPU and disk I/O as percentages of the project's budget: from the counters' change since the
 * previous sample, or, where the driver reads a CPU rate instead (Kubernetes), from that rate.
 */
function usageOf(
  stats: InstanceStats | undefined,
  at: number,
  previous: samples.ResourceSample | undefined,
  row: ProjectRow,
  disk: DiskAttributes,
) {
  const cores = cpuCores(row.compute_size, availableParallelism());
  if (stats?.cpuSeconds != null) {
    const current = { instance: stats.instance, at, cpuSeconds: stats.cpuSeconds, ioBytes: stats.ioBytes };
    return usageBetween(countersOf(previous), current, { cores, throughputBytesPerSecond: diskThroughputBytesPerSecond(disk) });
  }
  return { cpuPercent: stats?.cpuCores != null ? (stats.cpuCores / cores) * 100 : null, diskIoPercent: null };
}

async function sampleProject(ctx: PlatformContext, row: ProjectRow): Promise<void> {
  const previous = await samples.find(ctx.db, row.id);
  const at = Date.now(); // before reading: the counters are at least this fresh
  const stats = await ctx.driver.stats(row.ref);
  const usage = await measureAndEnforce(ctx, row);
  const { cpuPercent, diskIoPercent } = usageOf(stats, at, previous, row, usage.disk.attributes);
  const [emailsLastHour, settings] = await Promise.all([
    authEmailSends.countSince(ctx.db, row.ref, AUTH_EMAIL_WINDOW_SECONDS),
    authSettings.read(ctx.db, row.ref),
  ]);
  const sampledAt = new Date(at);
  const memory = memoryPercent(stats?.memoryBytes ?? null, row.compute_size);
  await samples.save(ctx.db, row.id, {
    sampled_at: sampledAt,
    instance: stats?.instance ?? null,
    cpu_seconds: stats?.cpuSeconds ?? null,
    io_bytes: stats?.ioBytes ?? null,
    disk_used_bytes: usage.usedBytes,
    cpu_percent: cpuPercent,
    memory_percent: memory,
    disk_io_percent: diskIoPercent,
    auth_emails_last_hour: emailsLastHour,
    auth_email_limit: settings.rate_limit_email_sent,
  });
  const sessions = await countSessions(ctx, row).catch((err: unknown) => {
    ctx.logger.warn({ err, ref: row.ref }, 'connections not counted');
    return undefined;
  });
  await history.insert(ctx.db, row.id, {
    sampled_at: sampledAt,
    cpu_percent: cpuPercent,
    memory_percent: memory,
    disk_io_percent: diskIoPercent,
    disk_used_bytes: usage.usedBytes,
    database_bytes: usage.databaseBytes,
    storage_bytes: usage.storageBytes,
    disk_size_bytes: usage.disk.attributes.size_gb * GIB,
    connections: sessions?.connections ?? null,
    max_connections: sessions?.maxConnections ?? null,
  });
}

/** Client sessions on the instance (the platform's pools count, this one does not) and the most it takes. */
async function countSessions(ctx: PlatformContext, row: ProjectRow): Promise<{ connections: number; maxConnections: number }> {
  return ctx.driver.adminSession(instanceSpec(row, ctx.box), ADMIN_TIMEOUT_MS, async (client) => {
    const { rows } = await client.query<{ connections: number; max_connections: number }>(
      `select count(*) filter (where backend_type = 'client backend' and pid <> pg_backend_pid())::int as connections,
              current_setting('max_connections')::int as max_connections
       from pg_stat_activity`,
    );
    return { connections: rows[0]?.connections ?? 0, maxConnections: rows[0]?.max_connections ?? 0 };
  });
}

/**
 * Samples every ACTIVE_HEALTHY project, one after the other (a round is light: one admin query
 * and the driver's stats each). A project that cannot be sampled keeps its previous sample.
 */
export async function sampleResources(ctx: PlatformContext): Promise<void> {
  const rows = await projects.listByStatus(ctx.db, ['ACTIVE_HEALTHY']);
  for (const row of rows) {
    if (row.port === null) continue;
    await sampleProject(ctx, row).catch((err: unknown) => ctx.logger.warn({ err, ref: row.ref }, 'resources not sampled'));
  }
  await authEmailSends.forgetOlderThan(ctx.db, AUTH_EMAIL_WINDOW_SECONDS);
  // A day's usage is summed a minute after it ends, before a short log retention prunes its rows.
  await rollUpUsage(ctx).catch((err: unknown) => ctx.logger.warn({ err }, 'usage not rolled up'));
  await hourly(ctx);
}

const lastHourlyAt = new WeakMap<PlatformContext, number>();

/** Once an hour: samples past the history's retention go. */
async function hourly(ctx: PlatformContext): Promise<void> {
  if (Date.now() - (lastHourlyAt.get(ctx) ?? 0) < HOUR_MS) return;
  lastHourlyAt.set(ctx, Date.now());
  await history.pruneExpired(ctx.db).catch((err: unknown) => ctx.logger.warn({ err }, 'resource history not pruned'));
}
