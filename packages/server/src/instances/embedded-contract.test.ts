/** The shared driver contract (driver-contract.ts) on the embedded driver, as the platform runs it (jsonlog). */
import { instanceSettings } from '@basin/core';
import getPort from 'get-port';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeDriverContract } from './driver-contract.ts';
import { EmbeddedDriver } from './embedded-driver.ts';

describeDriverContract(
  'EmbeddedDriver',
  async () => {
    const root = await mkdtemp(join(tmpdir(), 'basin-embedded-contract-'));
    await chmod(root, 0o711); // the postgres system user must reach the data dirs inside
    const driver = new EmbeddedDriver({ projectsDir: join(root, 'projects'), serverLog: 'jsonlog' });
    return {
      driver,
      spec: async (name, size) => ({
        ref: `contract-${name}`,
        major: '17',
        port: await getPort({ host: '127.0.0.1' }),
        adminPassword: `admin-${name}`,
        postgresPassword: `member-${name}`,
        readonlyPassword: `readonly-${name}`,
        authenticatorPassword: `authenticator-${name}`,
        authPassword: `auth-${name}`,
        vaultKey: `vault-key-of-${name}-0123456789abcdef`,
        settings: instanceSettings(size),
      }),
      async close() {
        await driver.stopAll();
        await rm(root, { recursive: true, force: true });
      },
    };
  },
  { timeoutMs: 120_000 },
);
