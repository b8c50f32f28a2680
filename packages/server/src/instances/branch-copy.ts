/**
 * The two ways a preview branch's instance starts from its parent's:
 * - with data: a consistent physical copy of the parent's data directory (the physical backup
 *   machinery, for a running or a stopped parent), unpacked as the branch's data directory, then
 *   given the branch's own identity (passwords);
 * - without data: a new instance with the parent's roles and schema (pg_dump --schema-only).
 * Both start from nothing each time: a retried attempt first removes what the last one left.
 */
import { chown, mkdir, rename, rm } from 'node:fs/promises';
import * as tar from 'tar';
import type { AdminEndpoint } from './admin-session.ts';
import { withAdmin } from './admin-session.ts';
import { copyDatabase, copyRoles, listDatabases } from './logical-copy.ts';
import { newestClientTools } from './pg-client.ts';
import { writePhysicalBackup } from './physical-backup.ts';
import { ADMIN_ROLE } from './postgres-role.ts';
import { setRolePassword } from './readonly-role.ts';
import { instanceUser } from './system-user.ts';
import type { InstanceDriver, InstanceSpec } from './types.ts';

/**
 * Copies the parent's data directory to `branchDir` (which must not hold a running server),
 * then starts the branch: the copy still knows the parent's superuser password, so that one logs
 * in once to set the branch's; the driver's create then resets the members' roles.
 */
export async function createBranchWithData(
  driver: InstanceDriver,
  parent: { dataDir: string; spec: InstanceSpec },
  branch: { dataDir: string; spec: InstanceSpec },
): Promise<void> {
  const archive = `${branch.dataDir}.clone.tar.gz`;
  const staging = `${branch.dataDir}.clone`;
  await driver.remove(branch.spec.ref);
  await Promise.all([archive, staging].map((path) => rm(path, { recursive: true, force: true })));
  try {
    await writePhysicalBackup(parent.dataDir, parent.spec, archive);
    await mkdir(staging, { mode: 0o700 });
    const user = await instanceUser();
    await tar.x({ file: archive, cwd: staging, ...(user ? { uid: user.uid, gid: user.gid, preserveOwner: false } : {}) });
    if (user) await chown(staging, user.uid, user.gid);
    await rename(staging, branch.dataDir);
  } finally {
    await Promise.all([archive, staging].map((path) => rm(path, { recursive: true, force: true })));
  }
  await driver.start(branch.spec);
  const asParent: AdminEndpoint = { port: branch.spec.port, adminPassword: parent.spec.adminPassword };
  await withAdmin(asParent, 30_000, (client) => setRolePassword(client, ADMIN_ROLE, branch.spec.adminPassword));
  await driver.create(branch.spec);
}

/**
 * A new instance with the parent's roles and the schema of each of its databases. Answers false
 * when no pg_dump for the parent's major is installed: the branch then starts empty.
 */
export async function createBranchWithSchema(driver: InstanceDriver, parent: InstanceSpec, branch: InstanceSpec): Promise<boolean> {
  await driver.remove(branch.ref);
  await driver.create(branch);
  const tools = await newestClientTools();
  if (!tools || tools.major < Number(parent.major)) return false;
  await copyRoles(tools, parent, branch);
  for (const database of await listDatabases(parent)) await copyDatabase(tools, parent, branch, database, ['--schema-only']);
  return true;
}
