/**
 * One sampling round over every running project: disk use (enforcing read-only mode as it goes),
 * CPU, memory and disk I/O of the instance's processes, and the auth emails of the last hour.
 * Each project keeps its latest sample, which the resource warnings are read from, and a week of
 * samples (with its client sessions), which the reports chart.
 */
import { availableParallelism } from 'node:os';
import { AUTH_EMAIL_WINDOW_SECONDS, cpuCores, diskThroughputBytesPerSecond, memoryPercent, usageBetween, type UsageCounters } from '@basin/core';
import { EmbeddedDriver } from '../instances/index.ts';
import { instanceProcessStats, readProcessChildren, type ProcessChildren } from '../instances/process-stats.ts';
import * as authEmailSends from '../store/auth-email-sends.ts';
import * as authSettings from '../store/auth-settings.ts';
import * as projects from '../store/projects.ts';
import type { ProjectRow } from '../store/projects.ts';
import * as history from '../store/resource-history.ts';
import * as samples from '../store/resource-samples.ts';
import { withAdmin } from '../instances/admin-session.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { measureAndEnforce } from './disk-usage.ts';
import { instanceSpec } from './project-instance.ts';
import { rollUpUsage } from './usage-rollup.ts';

const ADMIN_TIMEOUT_MS = 10_000;
const HOUR_MS = 60 * 60 * 1000;
const GIB = 1024 ** 3;

/** Only the embedded driver runs instances as local processes that /proc can see. */
async function processStats(ctx: PlatformContext, ref: string, children: ProcessChildren | undefined) {
  if (!children || !(ctx.driver instanceof EmbeddedDriver)) return undefined;
  return instanceProcessStats(ctx.driver.dataDir(ref), children);
}

function countersOf(sample: samples.ResourceSample | undefined): UsageCounters | undefined {
  if (!sample?.instance || sample.cpu_seconds === null) return undefined;
  return { instance: sample.instance, at: sample.sampled_at.getTime(), cpuSeconds: sample.cpu_seconds, ioBytes: sample.io_bytes };
}

async function sampleProject(ctx: PlatformContext, row: ProjectRow, children: ProcessChildren | undefined): Promise<void> {
  const previous = await samples.find(ctx.db, row.id);
  const at = Date.now(); // before reading: the counters are at least this fresh
  const stats = await processStats(ctx, row.ref, children);
  const usage = await measureAndEnforce(ctx, row);
  const current = stats && { instance: stats.instance, at, cpuSeconds: stats.cpuSeconds, ioBytes: stats.ioBytes };
  const { cpuPercent, diskIoPercent } = current
    ? usageBetween(countersOf(previous), current, {
        cores: cpuCores(row.compute_size, availableParallelism()),
        throughputBytesPerSecond: diskThroughputBytesPerSecond(usage.disk),
      })
    : { cpuPercent: null, diskIoPercent: null };
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
    disk_size_bytes: usage.disk.size_gb * GIB,
    connections: sessions?.connections ?? null,
    max_connections: sessions?.maxConnections ?? null,
  });
}

/** Client sessions on the instance (the platform's pools count, this one does not) and the most it takes. */
async function countSessions(ctx: PlatformContext, row: ProjectRow): Promise<{ connections: number; maxConnections: number }> {
  return withAdmin(instanceSpec(row, ctx.box), ADMIN_TIMEOUT_MS, async (client) => {
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
 * and a few /proc files each). A project that cannot be sampled keeps its previous sample.
 */
export async function sampleResources(ctx: PlatformContext): Promise<void> {
  const rows = await projects.listByStatus(ctx.db, ['ACTIVE_HEALTHY']);
  const children = ctx.driver instanceof EmbeddedDriver && rows.length ? await readProcessChildren() : undefined;
  for (const row of rows) {
    if (row.port === null) continue;
    await sampleProject(ctx, row, children).catch((err: unknown) => ctx.logger.warn({ err, ref: row.ref }, 'resources not sampled'));
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
