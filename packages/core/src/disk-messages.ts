/** User-facing strings of compute and disk and of resource warnings (kept out of messages.ts). */
export const DISK_MESSAGES = {
  updateFailed: (message: string) => `Failed to update disk attributes: ${message}`,
  updateForbidden: "You don't have permission to change this project's disk",
  inCooldown: (reopensAt: string) => `Disk changes are on cooldown until ${reopensAt}`,
  outOfRange: (field: string, min: number, max: number, unit: string) => `${field} must be between ${min} and ${max} ${unit}`,
  throughputOnlyGp3: 'throughput_mbps can only be set for a General Purpose SSD (gp3)',
  noEstimate: 'No cost estimate is available for this disk configuration',
} as const;
