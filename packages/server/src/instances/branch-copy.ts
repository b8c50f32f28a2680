/**
 * The two ways a preview branch's instance starts from its parent's:
 * - with data: a consistent physical copy of the parent's data directory (the physical backup
 *   machinery, for a running or a stopped parent, copying straight to a directory rather than
 *   through an archive), then given the branch's own identity (passwords);
 * - without data: a new instance with the parent's roles and schema (pg_dump --schema-only) when
 *   the installed pg_dump can dump the parent's major; otherwise (Debian 12's is 15, the parent 17)
 *   the physical copy with every row taken out (empty-databases.ts). pg_dump stays first because
 *   its cost follows the size of the schema, while a copy moves all of the parent's bytes only to
 *   free them again.
 * Both start from nothing each time: a retried attempt first removes what the last one left.
 */
import { rename, rm } from 'node:fs/promises';
import { withAdmin } from './admin-session.ts';
import { emptyDatabases } from './empty-databases.ts';
import { copyDatabase, copyRoles, listDatabases } from './logical-copy.ts';
import { withLoaderRole } from './loader-role.ts';
import { newestClientTools } from './pg-client.ts';
import { copyPhysically } from './physical-backup.ts';
import { ADMIN_ROLE } from './postgres-role.ts';
import { setRolePassword } from './readonly-role.ts';
import { giveToInstanceUser } from './system-user.ts';
import type { InstanceDriver, InstanceSpec } from './types.ts';

/** Where an instance keeps its data, for the physical copy. */
export interface CopyEnd {
  dataDir: string;
  spec: InstanceSpec;
}

/**
 * Copies the parent's data directory to `branchDir` (which must not hold a running server),
 * then starts the branch: the copy still knows the parent's superuser password, so that one logs
 * in once to set the branch's; the driver's create then resets the members' roles.
 */
export async function createBranchWithData(driver: InstanceDriver, parent: CopyEnd, branch: CopyEnd): Promise<void> {
  const staging = `${branch.dataDir}.clone`;
  await driver.remove(branch.spec.ref);
  await rm(staging, { recursive: true, force: true });
  try {
    await copyPhysically(parent.dataDir, parent.spec, staging);
    await giveToInstanceUser(staging);
    await rename(staging, branch.dataDir);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  const asParent = { ...branch.spec, adminPassword: parent.spec.adminPassword };
  await driver.start(asParent);
  await withAdmin(asParent, 30_000, async (client) => {
    // Read-only mode (disk nearly full) is the parent's: the branch has a disk of its own, measured
    // on its own, and starts writable, as its disk record says.
    await client.query('set default_transaction_read_only = off');
    await client.query('alter database postgres reset default_transaction_read_only');
    await setRolePassword(client, ADMIN_ROLE, branch.spec.adminPassword);
  });
  await driver.create(branch.spec);
}

/** The branch's instance with the parent's roles and schema, and no rows (see the top of this file). */
export async function createBranchWithSchema(driver: InstanceDriver, parent: CopyEnd, branch: CopyEnd): Promise<void> {
  const tools = await newestClientTools();
  if (!tools || tools.major < Number(parent.spec.major)) {
    await createBranchWithData(driver, parent, branch);
    await emptyDatabases(branch.spec);
    return;
  }
  await driver.remove(branch.spec.ref);
  await driver.create(branch.spec);
  await copyRoles(tools, parent.spec, branch.spec);
  const databases = await listDatabases(parent.spec);
  await withLoaderRole(branch.spec, async (loader) => {
    for (const database of databases) await copyDatabase(tools, parent.spec, branch.spec, loader, database, { withRows: false });
  });
}
