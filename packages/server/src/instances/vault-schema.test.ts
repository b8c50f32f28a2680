import { createHmac } from 'node:crypto';
import { chmod, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, member, readonly, run, testSpec } from '../../test/instance-fixture.ts';
import { withAdmin } from './admin-session.ts';
import { EmbeddedDriver } from './embedded-driver.ts';
import { instanceUser } from './system-user.ts';
import type { InstanceSpec } from './types.ts';
import { ensureVaultSchema, VAULT_KEY_BYTES, vaultKeyMaterial, writeVaultKey } from './vault-schema.ts';

// A real Postgres 15 instance with the vault made as the driver makes it, its key beside the data dir.
let root: string;
let driver: EmbeddedDriver;
let spec: InstanceSpec;
let keyFile: string;

const PLAIN = 'sk_live_vault-test-Zq7Xw3';

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'basin-vault-'));
  await chmod(root, 0o711);
  driver = new EmbeddedDriver({ projectsDir: join(root, 'projects') });
  spec = await testSpec('vault');
  await driver.create(spec);
  keyFile = join(root, 'projects', '.vault.vault-key');
  await writeVaultKey(keyFile, 'the-project-vault-key', await instanceUser());
  await withAdmin(spec, 10_000, (client) => ensureVaultSchema(client, keyFile));
  await withAdmin(spec, 10_000, (client) => ensureVaultSchema(client, keyFile)); // idempotent
});
afterAll(async () => {
  await driver.stopAll();
  await rm(root, { recursive: true, force: true });
});

/** `sql` in a superuser session switched to `role` first (as the data API switches its login). */
function asRole(role: string, sql: string) {
  return withAdmin(spec, 10_000, async (client) => {
    await client.query(`set role ${client.escapeIdentifier(role)}`);
    return (await client.query(sql)).rows as Record<string, unknown>[];
  });
}

/** Every regular file under `dir`. */
async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(path)));
    else if (entry.isFile()) found.push(path);
  }
  return found;
}

describe('the vault schema', () => {
  it("computes HMAC-SHA256 in SQL exactly as Node does, from the key file's padded keys", async () => {
    const material = vaultKeyMaterial('the-project-vault-key');
    expect(material.length).toBe(VAULT_KEY_BYTES);
    const message = Buffer.from('nonce and a message longer than one SHA-256 block: '.repeat(3));
    const [row] = await run(
      spec,
      `select encode(vault._hmac(decode('${material.subarray(0, 64).toString('hex')}', 'hex'), decode('${material.subarray(64, 128).toString('hex')}', 'hex'), decode('${message.toString('hex')}', 'hex')), 'hex') as mac`,
      admin(spec),
    );
    const encryptionKey = createHmac('sha256', 'the-project-vault-key').update('basin-vault:encryption').digest();
    expect(row!.mac).toBe(createHmac('sha256', encryptionKey).update(message).digest('hex'));
  });

  it('keeps the key file beside the data directory, read-only', async () => {
    expect(keyFile.startsWith(driver.dataDir(spec.ref) + '/')).toBe(false);
    expect((await stat(keyFile)).mode & 0o777).toBe(0o400);
  });

  it('lets postgres create, read, update and delete secrets, stored encrypted', async () => {
    const [created] = await run(spec, `select vault.create_secret('${PLAIN}', 'stripe', 'Stripe live key') as id`, member(spec));
    const id = created!.id as string;
    const [row] = await run(
      spec,
      `select name, description, secret, decrypted_secret, nonce from vault.decrypted_secrets where id = '${id}'`,
      member(spec),
    );
    expect(row).toMatchObject({ name: 'stripe', description: 'Stripe live key', decrypted_secret: PLAIN });
    expect(row!.secret).not.toContain(PLAIN);
    expect((row!.nonce as Buffer).length).toBe(16);

    await run(spec, `select vault.update_secret('${id}', 'ünïcode ✓ ${'x'.repeat(100)}', null, 'rotated')`, member(spec));
    const [updated] = await run(
      spec,
      `select name, description, decrypted_secret, nonce from vault.decrypted_secrets where id = '${id}'`,
      member(spec),
    );
    expect(updated).toMatchObject({ name: 'stripe', description: 'rotated', decrypted_secret: `ünïcode ✓ ${'x'.repeat(100)}` });
    expect(updated!.nonce).not.toEqual(row!.nonce);

    await run(spec, `select vault.update_secret('${id}', new_name => 'stripe_live')`, member(spec));
    const [renamed] = await run(spec, `select name, decrypted_secret from vault.decrypted_secrets where id = '${id}'`, member(spec));
    expect(renamed).toEqual({ name: 'stripe_live', decrypted_secret: `ünïcode ✓ ${'x'.repeat(100)}` });

    await expect(run(spec, `select vault.create_secret('other', 'stripe_live')`, member(spec))).rejects.toThrow(/duplicate key/);
    await run(spec, `delete from vault.secrets where id = '${id}'`, member(spec));
    expect(await run(spec, `select count(*)::int as n from vault.secrets`, member(spec))).toEqual([{ n: 0 }]);
  });

  it('never writes the plain text to the data directory, even after a checkpoint', async () => {
    const marker = 'plain-text-marker-9f31c2a7d4e8b6';
    await run(spec, `select vault.create_secret('${marker}', 'marker')`, member(spec));
    await run(spec, 'checkpoint', admin(spec));
    const dataDir = driver.dataDir(spec.ref);
    let bytes = 0;
    for (const file of await filesUnder(dataDir)) {
      if (file.endsWith('postgres.log')) continue; // the server log holds failed statements' text, not the table
      const content = await readFile(file).catch(() => Buffer.alloc(0));
      bytes += content.length;
      expect(content.includes(marker), file).toBe(false);
    }
    expect(bytes).toBeGreaterThan(1_000_000);
    const [raw] = await run(spec, `select secret from vault.secrets where name = 'marker'`, admin(spec));
    expect(await run(spec, `select decrypted_secret from vault.decrypted_secrets where name = 'marker'`, admin(spec))).toEqual([
      { decrypted_secret: marker },
    ]);
    expect(raw!.secret).not.toContain(marker);
  });

  it('lets service_role read and write, and keeps anon, authenticated and the read-only role out', async () => {
    await asRole('service_role', `select vault.create_secret('from service_role', 'svc')`);
    expect(await asRole('service_role', `select decrypted_secret from vault.decrypted_secrets where name = 'svc'`)).toEqual([
      { decrypted_secret: 'from service_role' },
    ]);
    for (const role of ['anon', 'authenticated']) {
      await expect(asRole(role, 'select * from vault.decrypted_secrets')).rejects.toThrow(/permission denied for schema vault/);
      await expect(asRole(role, `select vault.create_secret('x')`)).rejects.toThrow(/permission denied for schema vault/);
    }
    await expect(run(spec, 'select * from vault.secrets', readonly(spec))).rejects.toThrow(/permission denied for schema vault/);
    await expect(run(spec, 'select vault._key()', member(spec))).rejects.toThrow(/permission denied for function _key/);
    await expect(run(spec, `insert into vault.secrets (secret) values ('plain')`, member(spec))).rejects.toThrow(
      /permission denied for table secrets/,
    );
  });

  it('round-trips the largest value the dashboard takes (16 KiB)', async () => {
    const big = Array.from({ length: 16_384 }, (_, i) => 'abcdefghijklmnopqrstuvwxyz0123456789-_'[i % 38]).join('');
    await run(spec, `select vault.create_secret('${big}', 'big')`, member(spec));
    expect(
      await run(spec, `select decrypted_secret = '${big}' as same from vault.decrypted_secrets where name = 'big'`, member(spec)),
    ).toEqual([{ same: true }]);
  });

  it('answers null for a value changed behind its back or moved to another row', async () => {
    const [{ id }] = (await run(spec, `select vault.create_secret('tamper me', 'tamper') as id`, member(spec))) as [{ id: string }];
    const [{ id: other }] = (await run(spec, `select vault.create_secret('other row', 'other') as id`, member(spec))) as [{ id: string }];
    await run(
      spec,
      `update vault.secrets set secret = (select secret from vault.secrets where id = '${other}'), nonce = (select nonce from vault.secrets where id = '${other}') where id = '${id}'`,
      admin(spec),
    );
    expect(await run(spec, `select decrypted_secret from vault.decrypted_secrets where id = '${id}'`, member(spec))).toEqual([
      { decrypted_secret: null },
    ]);
    expect(await run(spec, `select decrypted_secret from vault.decrypted_secrets where id = '${other}'`, member(spec))).toEqual([
      { decrypted_secret: 'other row' },
    ]);
  });

  it('refuses with a clear message while the key file is missing', async () => {
    const moved = `${keyFile}.away`;
    await rename(keyFile, moved);
    try {
      await expect(run(spec, `select vault.create_secret('no key')`, member(spec))).rejects.toThrow(
        /vault key of this project is not available/,
      );
      await expect(run(spec, 'select * from vault.decrypted_secrets', member(spec))).rejects.toThrow(
        /vault key of this project is not available/,
      );
    } finally {
      await rename(moved, keyFile);
    }
  });
});
