import { instanceSettings } from '@basin/core';
import getPort from 'get-port';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PlatformConfig } from '../config.ts';
import { ADMIN_ROLE, EmbeddedDriver } from '../instances/index.ts';
import type { InstanceSpec } from '../instances/types.ts';
import type { Logger } from '../logger.ts';
import { connectionString } from '../instances/connection-string.ts';
import { SecretBox } from '../kernel/secrets.ts';

export interface PlatformStore {
  connectionString: string;
  stop(): Promise<void>;
}

const REF = 'platform';

/**
 * The platform's metadata database: DATABASE_URL when given, otherwise an embedded instance in
 * <data dir>/platform run by the same driver as the projects (so it is adopted, too, when it
 * outlived a crashed platform). Its port is kept in platform.json so that adoption finds it. The
 * platform connects as the instance's superuser; its `postgres` role is left unused.
 */
export async function startPlatformStore(config: PlatformConfig, secret: string, logger: Logger): Promise<PlatformStore> {
  if (config.databaseUrl) return { connectionString: config.databaseUrl, stop: async () => {} };

  const driver = new EmbeddedDriver({ projectsDir: config.dataDir, log: (line) => logger.debug({ line }, 'platform store') });
  const box = new SecretBox(secret);
  const spec: InstanceSpec = {
    ref: REF,
    major: '17',
    port: await storePort(config.dataDir),
    adminPassword: box.derive('platform-store-admin'),
    postgresPassword: box.derive('platform-store-postgres'),
    readonlyPassword: box.derive('platform-store-readonly'),
    authenticatorPassword: box.derive('platform-store-authenticator'),
    authPassword: box.derive('platform-store-auth'),
    settings: instanceSettings('micro'),
  };
  // Another program may hold the port kept in platform.json (or take a fresh one first): move.
  for (let attempt = 1; ; attempt++) {
    try {
      await driver.create(spec);
      break;
    } catch (error) {
      if (attempt >= PORT_ATTEMPTS || !/could not create any TCP\/IP sockets/.test(String(error))) throw error;
      spec.port = await newStorePort(config.dataDir);
      logger.warn({ port: spec.port }, 'the platform store port was taken: moving to another');
    }
  }
  return {
    connectionString: connectionString(ADMIN_ROLE, spec.adminPassword, spec.port),
    stop: () => driver.stopAll(),
  };
}

const PORT_ATTEMPTS = 3;

const portFile = (dataDir: string) => path.join(dataDir, 'platform.json');

async function storePort(dataDir: string): Promise<number> {
  try {
    return (JSON.parse(await readFile(portFile(dataDir), 'utf8')) as { port: number }).port;
  } catch {
    return newStorePort(dataDir);
  }
}

async function newStorePort(dataDir: string): Promise<number> {
  const port = await getPort({ host: '127.0.0.1' });
  await writeFile(portFile(dataDir), JSON.stringify({ port }));
  return port;
}
