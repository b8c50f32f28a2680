import type { DiskGrowthBlock } from './rules/disk-autoscale.ts';
import {
  AUTOSCALE_GROWTH,
  AUTOSCALE_LIMIT_GB,
  AUTOSCALE_MIN_INCREMENT_GB,
  AUTOSCALE_USAGE_RATIO,
  DISK_COOLDOWN_SECONDS,
} from './rules/disk.ts';

const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;
const COOLDOWN = `${DISK_COOLDOWN_SECONDS / 3600} hours`;
/** An ISO time as words a reader of any time zone can place: '2026-01-01 18:00 UTC'. */
const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
const FULL = `The disk is more than ${percent(AUTOSCALE_USAGE_RATIO)} full`;

function autoscaleBlocked(block: DiskGrowthBlock): string {
  switch (block.reason) {
    case 'free_plan':
      return `${FULL}, and disks on the Free plan do not grow automatically. Free up space, increase the disk size, or upgrade the plan.`;
    case 'size_limit':
      return `${FULL} but does not grow automatically beyond ${AUTOSCALE_LIMIT_GB} GB. Free up space or increase the disk size.`;
    case 'cooldown':
      return `${FULL} but changed less than ${COOLDOWN} ago, so it cannot grow automatically before ${utc(block.retryAt)}. Free up space meanwhile.`;
  }
}

/** User-facing strings of compute and disk and of resource warnings (kept out of messages.ts). */
export const DISK_MESSAGES = {
  updateFailed: (message: string) => `Failed to update disk attributes: ${message}`,
  updateForbidden: "You don't have permission to change this project's disk",
  inCooldown: (reopensAt: string) => `Disk changes are on cooldown until ${reopensAt}`,
  outOfRange: (field: string, min: number, max: number, unit: string) => `${field} must be between ${min} and ${max} ${unit}`,
  throughputOnlyGp3: 'throughput_mbps can only be set for a General Purpose SSD (gp3)',
  noEstimate: 'No cost estimate is available for this disk configuration',
  autoscaleRule:
    `When more than ${percent(AUTOSCALE_USAGE_RATIO)} of the disk is used, it grows automatically by ${percent(AUTOSCALE_GROWTH)} ` +
    `(at least ${AUTOSCALE_MIN_INCREMENT_GB} GB), up to ${AUTOSCALE_LIMIT_GB} GB, at most once every ${COOLDOWN}, on paid plans.`,
  autoscaleBlocked,
} as const;
