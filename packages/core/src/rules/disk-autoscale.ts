/**
 * Automatic disk growth (spec part 1 §9 "Disk"): a disk more than 90% used grows by half, at least
 * 4 GB, up to 200 GB, and only outside the change cooldown it shares with members' own changes.
 * The one decision both the server's autoscaler and the resource warnings read.
 */
import { isPaidPlan } from '../catalogues/plans.ts';
import { DISK_MESSAGES } from '../disk-messages.ts';
import type { PlanId } from '../schemas/organization.ts';
import { AUTOSCALE_LIMIT_GB, autoscaledSizeGb, diskCooldownEndsAt } from './disk.ts';

/**
 * Why a disk that needs room does not grow: growth adds to the bill, so the free plan never grows
 * by itself (as on the hosted platform); the 200 GB limit; a change less than 6 hours ago.
 */
export type DiskGrowthBlock = { reason: 'free_plan' } | { reason: 'size_limit' } | { reason: 'cooldown'; retryAt: string };
export const DISK_AUTOSCALE_BLOCKS = ['free_plan', 'size_limit', 'cooldown'] as const satisfies readonly DiskGrowthBlock['reason'][];

export type DiskGrowth = { kind: 'not_needed' } | { kind: 'grow'; sizeGb: number } | ({ kind: 'blocked' } & DiskGrowthBlock);

export interface DiskGrowthInput {
  sizeGb: number;
  usedBytes: number;
  plan: PlanId;
  lastModifiedAt: string | null;
  now?: Date;
}

const GIB = 1024 ** 3;

export function diskGrowth({ sizeGb, usedBytes, plan, lastModifiedAt, now = new Date() }: DiskGrowthInput): DiskGrowth {
  const wanted = autoscaledSizeGb(sizeGb, usedBytes / GIB);
  if (wanted === sizeGb) return { kind: 'not_needed' };
  if (!isPaidPlan(plan)) return { kind: 'blocked', reason: 'free_plan' };
  // Before the cooldown: its end would not help a disk at the limit.
  if (sizeGb >= AUTOSCALE_LIMIT_GB) return { kind: 'blocked', reason: 'size_limit' };
  const retryAt = diskCooldownEndsAt(lastModifiedAt, now);
  if (retryAt) return { kind: 'blocked', reason: 'cooldown', retryAt };
  // Whole GB, as members save disks: a grown disk's form saves as it is.
  return { kind: 'grow', sizeGb: Math.ceil(Math.min(wanted, AUTOSCALE_LIMIT_GB)) };
}

/** What the resource warnings say of a disk that needs room and cannot grow by itself. */
export interface DiskAutoscaleBlocked {
  reason: DiskGrowthBlock['reason'];
  /** When a disk in the cooldown may grow again. */
  retry_at: string | null;
  message: string;
}

export function diskAutoscaleBlocked(growth: DiskGrowth): DiskAutoscaleBlocked | null {
  if (growth.kind !== 'blocked') return null;
  return {
    reason: growth.reason,
    retry_at: growth.reason === 'cooldown' ? growth.retryAt : null,
    message: DISK_MESSAGES.autoscaleBlocked(growth),
  };
}
