import { z } from 'zod';
import { ProjectRef } from './common.ts';
import { ProjectStatus } from './project.ts';

/**
 * The branch create payload in both of the spec's shapes (camelCase from the dashboard,
 * snake_case from the API); the name rules are checked by the server with their exact messages.
 */
export const CreateBranchBody = z
  .object({
    projectRef: z.string().optional(),
    branchName: z.string().optional(),
    branch_name: z.string().optional(),
    gitBranch: z.string().optional(),
    git_branch: z.string().optional(),
    withData: z.boolean().optional(),
    with_data: z.boolean().optional(),
    is_default: z.boolean().optional(),
    desired_instance_size: z.string().optional(),
    region: z.string().optional(),
    /**
     * Basin's addition: start the branch from its parent as it was at this second (Unix seconds),
     * inside the parent's point-in-time recovery window. The branch then has the parent's data.
     */
    recovery_time_target: z.number().int().positive().optional().meta({
      description:
        "Basin's addition: start the branch from its parent as it was at this second (Unix seconds), inside the parent's point-in-time recovery window",
    }),
  })
  .meta({ id: 'CreateBranchBody' });
export type CreateBranchBody = z.infer<typeof CreateBranchBody>;

export const CreatedBranch = z.object({ name: z.string(), persistent: z.boolean(), project_ref: ProjectRef }).meta({ id: 'CreatedBranch' });
export type CreatedBranch = z.infer<typeof CreatedBranch>;

export const BranchItem = z
  .object({
    name: z.string(),
    is_default: z.boolean(),
    git_branch: z.string().nullable(),
    project_ref: ProjectRef,
    status: ProjectStatus,
    with_data: z.boolean(),
  })
  .meta({ id: 'BranchItem' });
export type BranchItem = z.infer<typeof BranchItem>;
