import { SQL_STATEMENT_TIMEOUT_MS } from '@basin/core';
import path from 'node:path';
import { parseSize } from './storage/sizes.ts';
import { type FunctionsConfig, functionsConfigFromEnv } from './functions/config.ts';
import { type AiConfig, aiConfigFromEnv } from './ai/config.ts';
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
  /** Origins besides the dashboard's own whose pages may change things with a session cookie (BASIN_ALLOWED_ORIGINS). */
  allowedOrigins: string[];
  /** Reverse proxies whose X-Forwarded-For names the client (BASIN_TRUSTED_PROXIES); none by default. */
  trustedProxies: TrustedProxies;
  healthCheckIntervalMs: number;
  /** How often every running project's resources are sampled for the resource warnings. */
  resourceSampleIntervalMs: number;
  /** Test-only fault injection, `operation:step` pairs (BASIN_FAULTS), `operation:step:hold` to hold there; refused in production. */
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
  /** Where objects' bytes live (BASIN_STORAGE_BACKEND): files under dataDir (default), or one S3 bucket. */
  storageBackend: StorageBackendConfig;
  /** The AI assistant's model provider (OPENAI_API_KEY, OPENAI_BASE_URL, BASIN_AI_MODELS; ai/config.ts). */
  ai: AiConfig;
}

/** The storage backend chosen at start; see `storageBackendFromEnv`. */
export type StorageBackendConfig = { kind: 'file' } | ({ kind: 's3' } & S3Config);

export interface S3Config {
  bucket: string;
  region: string;
  /** An S3-compatible service's URL (MinIO, R2, ...); AWS's own endpoints when absent. */
  endpoint: string | undefined;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (MinIO and most self-hosted services need it). */
  forcePathStyle: boolean;
  /** Put in front of every key, ending in `/` when not empty: `<prefix><ref>/<bucket>/<key>/<version>`. */
  prefix: string;
  /** Static keys; the SDK's default chain (environment, profile, instance role, ...) when absent. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
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
    allowedOrigins: allowedOrigins(env.BASIN_ALLOWED_ORIGINS),
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
    storageBackend: storageBackendFromEnv(env),
    ai: aiConfigFromEnv(env),
  };
}

/** BASIN_ALLOWED_ORIGINS: comma-separated origins (`https://admin.example.com`); a value that is not one stops the start. */
export function allowedOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const url = URL.canParse(entry) ? new URL(entry) : undefined;
      if (!url || !/^https?:$/.test(url.protocol) || url.origin !== entry.replace(/\/$/, '')) {
        throw new Error(
          `BASIN_ALLOWED_ORIGINS must list origins such as https://admin.example.com (scheme, host, port; no path), got ${entry}`,
        );
      }
      return url.origin;
    });
}

function storageMaxFileSize(env: NodeJS.ProcessEnv): number {
  const bytes = parseSize(env.BASIN_STORAGE_MAX_FILE_SIZE || '5GB');
  if (!bytes) throw new Error(`BASIN_STORAGE_MAX_FILE_SIZE must be a size such as 5GB or 52428800, got ${env.BASIN_STORAGE_MAX_FILE_SIZE}`);
  return bytes;
}

/**
 * BASIN_STORAGE_BACKEND=file|s3 and, for s3, BASIN_S3_BUCKET (required), BASIN_S3_REGION,
 * BASIN_S3_ENDPOINT, BASIN_S3_FORCE_PATH_STYLE, BASIN_S3_PREFIX, BASIN_S3_ACCESS_KEY_ID and
 * BASIN_S3_SECRET_ACCESS_KEY (both or neither). A combination that cannot work stops the start.
 */
export function storageBackendFromEnv(env: NodeJS.ProcessEnv): StorageBackendConfig {
  const kind = (env.BASIN_STORAGE_BACKEND || 'file').trim().toLowerCase();
  if (kind === 'file') return { kind: 'file' };
  if (kind !== 's3') throw new Error(`BASIN_STORAGE_BACKEND must be file or s3, got ${env.BASIN_STORAGE_BACKEND}`);
  const bucket = env.BASIN_S3_BUCKET?.trim();
  if (!bucket) throw new Error("BASIN_STORAGE_BACKEND=s3 needs BASIN_S3_BUCKET: the S3 bucket that keeps every project's files");
  const endpoint = env.BASIN_S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^/]/.test(endpoint)) throw new Error(`BASIN_S3_ENDPOINT must be an http(s) URL, got ${endpoint}`);
  const accessKeyId = env.BASIN_S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.BASIN_S3_SECRET_ACCESS_KEY?.trim();
  if (!accessKeyId !== !secretAccessKey) {
    throw new Error(
      "BASIN_S3_ACCESS_KEY_ID and BASIN_S3_SECRET_ACCESS_KEY go together: set both, or neither for the AWS SDK's default credentials",
    );
  }
  const prefix = (env.BASIN_S3_PREFIX ?? '').trim().replace(/^\/+/, '');
  return {
    kind: 's3',
    bucket,
    region: env.BASIN_S3_REGION?.trim() || env.AWS_REGION?.trim() || 'us-east-1',
    endpoint,
    forcePathStyle: booleanEnv(env, 'BASIN_S3_FORCE_PATH_STYLE'),
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

function booleanEnv(env: NodeJS.ProcessEnv, name: string): boolean {
  const value = (env[name] ?? '').trim().toLowerCase();
  if (['', '0', 'false', 'no'].includes(value)) return false;
  if (['1', 'true', 'yes'].includes(value)) return true;
  throw new Error(`${name} must be true or false, got ${env[name]}`);
}

function parseFaults(env: NodeJS.ProcessEnv): string[] {
  const faults = (env.BASIN_FAULTS ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (faults.length && env.NODE_ENV === 'production') throw new Error('BASIN_FAULTS is for tests and is refused when NODE_ENV=production');
  return faults;
}
