/**
 * A major upgrade on one machine: the new major's instance is made beside the old one (its own
 * data dir `<ref>--next` and port), the data moves over SQL (logical-copy.ts), and only once the
 * copy is checked are the directories swapped. The old data is never written to, so any failure
 * before the swap is undone by deleting the new instance.
 *
 * The swap: both stop; `<ref>` → `<ref>--prev`; `<ref>--next` → `<ref>`; the new major starts on
 * the project's port; `<ref>--prev` → `<ref>--old` (the commit point: one rename); `<ref>--old`
 * is deleted. settleUpgrade reads these names after a crash: a `--prev` means the swap was not
 * confirmed and the old data goes back into place.
 *
 * The 8 steps are the spec's (part 1 §2):
 *  1 prepare new server       initdb of the new major beside the old one, platform roles
 *  2 prepare for migration    client tools, free disk space, the old server reachable
 *  3 pre-upgrade checks       every extension in use exists on the new major
 *  4 shut down API services   the old server moves to a private port: members are disconnected
 *  5 migrate to new database  roles, then every database through pg_dump | psql, members' objects
 *                             loaded by the loader role (loader-role.ts), never the superuser
 *  6 execute migration        check the copy: every role, every table's row count
 *  7 update extensions        ALTER EXTENSION ... UPDATE to the new major's versions
 *  8 optimize database        ANALYZE (statistics are not part of a dump)
 */
import type { UpgradeStep } from '@basin/core';
import getPort from 'get-port';
import { readdir, rename, rm, stat, statfs } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { dataMajor } from './data-dir.ts';
import { analyze, copyDatabase, copyRoles, listDatabases, missingExtensions, updateExtensions, verifyCopy } from './logical-copy.ts';
import { withLoaderRole } from './loader-role.ts';
import { requireClientTools } from './pg-client.ts';
import type { InstanceDriver, InstanceSpec, PostgresMajor } from './types.ts';

/** What an upgrade needs of the embedded driver, which passes itself. */
interface Host extends Pick<InstanceDriver, 'create' | 'start' | 'stop' | 'remove' | 'isHealthy'> {
  /** The data directory of a project's or an upgrade's instance (EmbeddedDriver.dataDir). */
  dataDir(ref: string): string;
}

/** Names of the directories an upgrade keeps beside `<ref>` (never a project ref: those are letters only). */
export function upgradeRefs(ref: string) {
  return { next: `${ref}--next`, previous: `${ref}--prev`, retired: `${ref}--old` };
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

export async function upgradeMajor(
  host: Host,
  spec: InstanceSpec,
  target: PostgresMajor,
  onStep: (step: UpgradeStep) => Promise<void>,
): Promise<void> {
  const refs = upgradeRefs(spec.ref);
  const wasRunning = await host.isHealthy(spec);
  // The new major starts a new WAL history: it archives only once it is the project's instance.
  const next: InstanceSpec = { ...spec, ref: refs.next, major: target, port: await freePort(), archiveWal: false };
  let source = spec;
  try {
    await onStep('prepare new server');
    await host.remove(next.ref);
    await host.create(next);

    await onStep('prepare for migration');
    const tools = await requireClientTools(spec.major);
    await checkFreeSpace(host.dataDir(spec.ref));
    if (!wasRunning) source = await startPrivately(host, spec);

    await onStep('pre-upgrade checks');
    const databases = await listDatabases(source);
    const missing = await missingExtensions(source, next, databases);
    if (missing.length) throw new Error(`Postgres ${target} lacks extensions in use: ${missing.join(', ')}`);

    await onStep('shut down API services');
    if (source === spec) source = await startPrivately(host, spec);

    await onStep('migrate to new database');
    await copyRoles(tools, source, next);
    await withLoaderRole(next, async (loader) => {
      for (const database of databases) await copyDatabase(tools, source, next, loader, database, { withRows: true });

      await onStep('execute migration');
      await verifyCopy(source, next, databases);

      await onStep('update extensions');
      for (const database of databases) await updateExtensions(next, database);

      await onStep('optimize database');
      for (const database of databases) await analyze(next, loader, database);
    });

    await swap(host, spec, next);
  } catch (error) {
    await undo(host, spec, wasRunning, error);
  }
}

/** Puts everything back as it was, the old instance running again if it was; rethrows the cause. */
async function undo(host: Host, spec: InstanceSpec, wasRunning: boolean, cause: unknown): Promise<never> {
  try {
    await settleUpgrade(host, spec.ref);
    if (wasRunning) await host.start(spec);
    else await host.stop(spec.ref);
  } catch (undoError) {
    throw new Error(`${(cause as Error).message}; undoing the upgrade failed too: ${(undoError as Error).message}`);
  }
  throw cause;
}

/**
 * After a crash (or a failure) mid-upgrade: the unfinished new instance is removed, and the old
 * data goes back into place unless the swap was confirmed. Answers the major the instance's data
 * dir holds now. Leaves the instance itself running or not as it found it, except when the old
 * data had to be put back (then stopped).
 */
export async function settleUpgrade(host: Host, ref: string): Promise<PostgresMajor | undefined> {
  const refs = upgradeRefs(ref);
  await host.remove(refs.next);
  const previous = host.dataDir(refs.previous);
  if (await exists(previous)) {
    await host.stop(ref);
    await rm(host.dataDir(ref), { recursive: true, force: true });
    await rename(previous, host.dataDir(ref));
  }
  await host.remove(refs.retired);
  return dataMajor(host.dataDir(ref));
}

async function swap(host: Host, spec: InstanceSpec, next: InstanceSpec): Promise<void> {
  const refs = upgradeRefs(spec.ref);
  await host.stop(next.ref);
  await host.stop(spec.ref);
  await rename(host.dataDir(spec.ref), host.dataDir(refs.previous));
  await rename(host.dataDir(next.ref), host.dataDir(spec.ref));
  const upgraded = { ...spec, major: next.major };
  await host.start(upgraded);
  if (!(await host.isHealthy(upgraded))) throw new Error(`Postgres ${next.major} did not answer on the project's port after the swap`);
  await rename(host.dataDir(refs.previous), host.dataDir(refs.retired));
  await host.remove(refs.retired).catch(() => {}); // settleUpgrade deletes a leftover later
}

/** The old server on a port only the platform knows: members' sessions end and none can start. */
async function startPrivately(host: Host, spec: InstanceSpec): Promise<InstanceSpec> {
  const hidden = { ...spec, port: await freePort() };
  await host.stop(spec.ref);
  await host.start(hidden);
  return hidden;
}

function freePort(): Promise<number> {
  return getPort({ host: '127.0.0.1' });
}

/** The new instance holds about as much as the old one: that much must be free beside it. */
async function checkFreeSpace(dataDir: string): Promise<void> {
  const [needed, disk] = await Promise.all([directorySize(dataDir), statfs(dirname(dataDir))]);
  const free = disk.bavail * disk.bsize;
  if (free < needed) {
    const mb = (bytes: number) => `${Math.ceil(bytes / 1024 / 1024)} MB`;
    throw new Error(`Not enough free disk space for the new server: about ${mb(needed)} needed, ${mb(free)} free`);
  }
}

/** Bytes under `dir`; files the running server removes meanwhile count as nothing. */
async function directorySize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await directorySize(path);
    else if (entry.isFile())
      total += await stat(path).then(
        (info) => info.size,
        () => 0,
      );
  }
  return total;
}
