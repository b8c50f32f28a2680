/**
 * Preview branch rules (spec part 1 §5 and §9 "Branch sizing"): the branch and git branch name
 * checks with their exact messages, and the cost/time estimates the create dialog shows.
 */
import { computeSize } from '../catalogues/compute-sizes.ts';
import type { ComputeSizeId } from './instance-settings.ts';

export const BRANCH_MESSAGES = {
  nameEmpty: 'Branch name cannot be empty',
  nameCharacters: 'Branch name can only contain alphanumeric characters, hyphens, and underscores.',
  nameTaken: 'A branch with this name already exists',
  gitBranchRequired: 'Git branch name is required when GitHub is connected',
  paidPlanOnly: 'Branching is only available on paid plans',
  /** The create preview branches permission is missing (spec part 1 §6), in the words of the other refusals. */
  noCreatePermission: 'You need additional permissions to create preview branches',
} as const;

export function gitBranchNotFoundMessage(branch: string, owner: string, repo: string): string {
  return `Unable to find branch "${branch}" in ${owner}/${repo}`;
}

export function createBranchFailedMessage(message: string): string {
  return `Failed to create branch: ${message}`;
}

const BRANCH_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/** The first rule the name breaks, or null when it is a valid new branch name. */
export function branchNameError(name: string, existingNames: readonly string[]): string | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return BRANCH_MESSAGES.nameEmpty;
  if (!BRANCH_NAME_PATTERN.test(trimmed)) return BRANCH_MESSAGES.nameCharacters;
  if (existingNames.includes(trimmed)) return BRANCH_MESSAGES.nameTaken;
  return null;
}

/** A git branch is required only when GitHub is connected and gitless branching is off. */
export function gitBranchError(gitBranch: string, options: { githubConnected: boolean; gitlessBranching: boolean }): string | null {
  if (gitBranch.trim().length > 0) return null;
  return options.githubConnected && !options.gitlessBranching ? BRANCH_MESSAGES.gitBranchRequired : null;
}

/** Upper disk GB bound → compute tier; anything larger is 24xlarge. */
const SIZE_BY_DISK_GB: ReadonlyArray<readonly [number, ComputeSizeId]> = [
  [10, 'micro'],
  [50, 'small'],
  [100, 'medium'],
  [200, 'large'],
  [500, 'xlarge'],
  [1000, '2xlarge'],
  [2000, '4xlarge'],
  [4000, '8xlarge'],
  [6000, '12xlarge'],
  [10000, '16xlarge'],
];

/** The compute size a branch with data gets: an existing compute add-on wins over the map. */
export function branchComputeSize(diskGb: number, computeAddon?: ComputeSizeId | null): ComputeSizeId {
  if (computeAddon) return computeAddon;
  return SIZE_BY_DISK_GB.find(([upTo]) => diskGb <= upTo)?.[1] ?? '24xlarge';
}

export const BRANCH_DISK_FACTOR = 1.5;

export function branchDiskEstimateGb(productionDiskGb: number): number {
  return productionDiskGb * BRANCH_DISK_FACTOR;
}

/** Minutes to create a branch with data: 720/21000 per GB plus 3. */
export function branchCreationMinutes(diskGb: number): number {
  return (720 / 21000) * diskGb + 3;
}

export interface BranchSizing {
  withData: boolean;
  /** The parent's disk size. */
  diskGb: number;
  /** The parent's compute add-on, if it has one. */
  computeAddon?: ComputeSizeId | null;
}

/**
 * The compute size a new branch gets, as the create dialog estimates it and the server creates it:
 * micro without data; with data, the parent's compute add-on, else the size its disk maps to.
 */
export function branchSize(options: BranchSizing): ComputeSizeId {
  return options.withData ? branchComputeSize(options.diskGb, options.computeAddon) : 'micro';
}

/** What the branch costs per hour at that size. */
export function branchHourlyPrice(options: BranchSizing): { size: ComputeSizeId; hourlyUsd: number } {
  const size = branchSize(options);
  return { size, hourlyUsd: computeSize(size).hourlyUsd };
}
