import { SQL_STATEMENT_TIMEOUT_MS } from '@basin/core';
import path from 'node:path';
import { parseSize } from './storage/sizes.ts';
import { type FunctionsConfig, functionsConfigFromEnv } from './functions/config.ts';
import { TrustedProxies } from './trusted-proxies.ts';

/** Everything Basin reads from the environment, with the defaults documented in the README. */
export interface PlatformConfig {
  port: number;
  host: string;
  dataDir: string;
  /** External Postgres for platform metadata; an embedded instance under dataDir when absent. */
  databaseUrl: string | undefined;
  /** Project API URLs are http://{ref}.{domain}. */
  domain: string;
  /** Encrypts stored database passwords and signs sessions; generated into dataDir when absent. */
  secret: string | undefined;
  logLevel: string;
  /** Built dashboard served at /; none in API-only tests. */
  webDir: string | undefined;
  /** Sign-in attempts allowed per client address and minute, and per account (email) and minute. */
  signInAttemptsPerMinute: number;
  /** Reverse proxies whose X-Forwarded-For names the client (BASIN_TRUSTED_PROXIES); none by default. */
  trustedProxies: TrustedProxies;
  healthCheckIntervalMs: number;
  /** How often every running project's resources are sampled for the resource warnings. */
  resourceSampleIntervalMs: number;
  /** Test-only fault injection, `operation:step` pairs (BASIN_FAULTS); refused in production. */
  faults: string[];
  /** Support tickets are also mailed through this server (BASIN_SMTP_URL, e.g. smtp://host:587) to supportEmail. */
  smtpUrl: string | undefined;
  supportEmail: string | undefined;
  /** The GitHub REST API (BASIN_GITHUB_API_URL); tests point it at a local stand-in. */
  githubApiUrl: string;
  /** The SQL editor's statement timeout; its runs end shortly after it. Tests shorten it. */
  sqlStatementTimeoutMs: number;
  /** Edge function workers: idle timeout and limits (functions/config.ts; tests shorten them). */
  functions: FunctionsConfig;
  /** The largest file the storage API accepts in any bucket (BASIN_STORAGE_MAX_FILE_SIZE, bytes or '5GB'); default 5 GB. */
  storageMaxFileSize: number;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(env.BASIN_DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    domain: env.BASIN_DOMAIN ?? `localhost:${port}`,
    secret: env.BASIN_SECRET || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    webDir: path.join(repoRoot, 'packages/web/dist'),
    signInAttemptsPerMinute: Number(env.BASIN_SIGN_IN_ATTEMPTS_PER_MINUTE ?? 10),
    trustedProxies: TrustedProxies.fromEnv(env.BASIN_TRUSTED_PROXIES),
    healthCheckIntervalMs: 5000,
    resourceSampleIntervalMs: 60_000,
    faults: parseFaults(env),
    smtpUrl: env.BASIN_SMTP_URL || undefined,
    supportEmail: env.BASIN_SUPPORT_EMAIL || undefined,
    githubApiUrl: (env.BASIN_GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, ''),
    sqlStatementTimeoutMs: SQL_STATEMENT_TIMEOUT_MS,
    functions: functionsConfigFromEnv(env),
    storageMaxFileSize: storageMaxFileSize(env),
  };
}

function storageMaxFileSize(env: NodeJS.ProcessEnv): number {
  const bytes = parseSize(env.BASIN_STORAGE_MAX_FILE_SIZE || '5GB');
  if (!bytes) throw new Error(`BASIN_STORAGE_MAX_FILE_SIZE must be a size such as 5GB or 52428800, got ${env.BASIN_STORAGE_MAX_FILE_SIZE}`);
  return bytes;
}

function parseFaults(env: NodeJS.ProcessEnv): string[] {
  const faults = (env.BASIN_FAULTS ?? '').split(',').map((f) => f.trim()).filter(Boolean);
  if (faults.length && env.NODE_ENV === 'production') throw new Error('BASIN_FAULTS is for tests and is refused when NODE_ENV=production');
  return faults;
}
