/**
 * The month's estimated compute cost of an organization's projects (the cost control panel):
 * each project's hourly compute price for a month of 730 hours. Basin charges nothing; the figure
 * says what the same sizes would cost where compute is billed.
 */
import { COMPUTE_SIZES } from '../catalogues/compute-sizes.ts';

export const HOURS_PER_MONTH = 730;

/** A month of `size` (a compute size id, as projects report it) at its hourly price. */
export function monthlyComputeEstimateUsd(size: string): number {
  const entry = COMPUTE_SIZES.find((candidate) => candidate.size === size);
  if (!entry) throw new Error(`unknown compute size: ${size}`);
  return entry.hourlyUsd * HOURS_PER_MONTH;
}

/** The sum over every project, each on its own size. */
export function totalMonthlyComputeEstimateUsd(sizes: readonly string[]): number {
  return sizes.reduce((total, size) => total + monthlyComputeEstimateUsd(size), 0);
}
