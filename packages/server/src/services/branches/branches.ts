import {
  BRANCH_MESSAGES,
  branchNameError,
  branchSize,
  COMPUTE_SIZE_IDS,
  type ComputeSizeId,
  PROJECT_OPERATIONS,
  selectedComputeAddon,
} from '@basin/core';
import type { BranchItem, CreateBranchBody, CreatedBranch } from '@basin/core/schemas';
import getPort from 'get-port';
import { badRequest } from '../../kernel/errors.ts';
import { enqueueProjectJob } from '../../kernel/project-jobs.ts';
import * as branches from '../../store/branches.ts';
import * as disks from '../../store/disks.ts';
import * as projects from '../../store/projects.ts';
import type { ProjectRow } from '../../store/projects.ts';
import { pointInWindow } from '../backups/pitr.ts';
import { requireOrganization, requirePermission, requireProject } from '../organizations/access.ts';
import { initProjectJwtSecret } from '../api/api-keys.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { checkGitBranch } from './github-connections.ts';
import { newDatabasePassword, newProjectRef } from '../../kernel/secrets.ts';

/** Our own words: the spec names no text for these refusals. */
export const BRANCH_SERVICE_MESSAGES = {
  noPermission: 'You need additional permissions to create preview branches',
  parentIsBranch: 'A preview branch cannot have branches of its own',
  parentNotActive: 'The project must be active and healthy to create a branch',
  unknownSize: 'Unknown instance size',
} as const;

/**
 * Stores the branch as a COMING_UP project with parent_project_ref in the parent's organization
 * (its git branch checked against the parent's GitHub connection, if any) and queues the job
 * that makes its instance (a copy of the parent's data now or at a second of its PITR window, or
 * its schema only).
 */
export async function createBranch(
  ctx: PlatformContext,
  parentRef: string,
  userId: string,
  body: CreateBranchBody,
): Promise<CreatedBranch> {
  const parent = await requireProject(ctx.db, parentRef, userId);
  requirePermission(parent.role, 'preview_branches:create', BRANCH_SERVICE_MESSAGES.noPermission);
  const org = await requireOrganization(ctx.db, parent.organization_slug, userId);
  if (org.plan_id === 'free') throw badRequest(BRANCH_MESSAGES.paidPlanOnly);
  if (parent.parent_project_ref) throw badRequest(BRANCH_SERVICE_MESSAGES.parentIsBranch);
  const name = (body.branch_name ?? body.branchName ?? '').trim();
  const taken = (await branches.listForParent(ctx.db, parent.ref)).map((branch) => branch.branch_name);
  const nameError = branchNameError(name, taken);
  if (nameError) throw badRequest(nameError);
  if (parent.status !== 'ACTIVE_HEALTHY') throw badRequest(BRANCH_SERVICE_MESSAGES.parentNotActive);
  const gitBranch = (body.git_branch ?? body.gitBranch)?.trim() || null;
  await checkGitBranch(ctx, parent.id, gitBranch);
  // A branch from a point in time is the parent's data as of that second.
  const recoveryTarget = body.recovery_time_target === undefined ? null : await pointInWindow(ctx, parent, body.recovery_time_target);
  const withData = recoveryTarget !== null || (body.with_data ?? body.withData ?? false);

  const ref = newProjectRef();
  try {
    await branches.insert(
      ctx.db,
      {
        ref,
        organization_id: parent.organization_id,
        name,
        status: 'COMING_UP',
        region: body.region ?? parent.region,
        postgres_major: parent.postgres_major,
        server_version: parent.server_version,
        compute_size: requestedSize(body.desired_instance_size) ?? (await sizeFor(ctx, parent, withData)),
        port: await getPort({ host: '127.0.0.1', exclude: await projects.usedPorts(ctx.db) }),
        db_password: ctx.box.seal(newDatabasePassword()),
        readonly_password: ctx.box.seal(newDatabasePassword()),
      },
      {
        parent_project_ref: parent.ref,
        branch_name: name,
        git_branch: gitBranch,
        is_default: body.is_default ?? false,
        with_data: withData,
        recovery_time_target: recoveryTarget,
      },
    );
  } catch (error) {
    // Two requests for the same name at once: the unique index decides.
    if ((error as { code?: string }).code === '23505') throw badRequest(BRANCH_MESSAGES.nameTaken);
    throw error;
  }
  await initProjectJwtSecret(ctx.db, ctx.box, ref);
  await enqueueProjectJob(ctx, PROJECT_OPERATIONS.createBranch.queue, { ref });
  return { name, persistent: body.is_default ?? false, project_ref: ref };
}

/** The size the request asks for (with or without the ci_ prefix), if it names one. */
function requestedSize(desired: string | undefined): ComputeSizeId | undefined {
  if (!desired) return undefined;
  const id = desired.replace(/^ci_/, '');
  const size = COMPUTE_SIZE_IDS.find((each) => each === id);
  if (!size) throw badRequest(BRANCH_SERVICE_MESSAGES.unknownSize);
  return size;
}

/** The size core's sizing rule gives, from the parent's disk and compute add-on (the dialog's estimate). */
async function sizeFor(ctx: PlatformContext, parent: Pick<ProjectRow, 'id' | 'compute_size'>, withData: boolean): Promise<ComputeSizeId> {
  const disk = await disks.find(ctx.db, parent.id);
  const computeAddon = selectedComputeAddon(parent.compute_size) ? parent.compute_size : null;
  return branchSize({ withData, diskGb: disk.attributes.size_gb, computeAddon });
}

export async function listBranches(ctx: PlatformContext, parentRef: string, userId: string): Promise<BranchItem[]> {
  const parent = await requireProject(ctx.db, parentRef, userId);
  requirePermission(parent.role, 'projects:read');
  return (await branches.listForParent(ctx.db, parent.ref)).map((branch) => ({
    name: branch.branch_name,
    is_default: branch.is_default,
    git_branch: branch.git_branch,
    project_ref: branch.ref,
    status: branch.status,
    with_data: branch.with_data,
  }));
}
