/** The 8 steps of a major upgrade, in order (spec part 1 §2), and how progress is reported. */
export const UPGRADE_STEPS = [
  'prepare new server',
  'prepare for migration',
  'pre-upgrade checks',
  'shut down API services',
  'migrate to new database',
  'execute migration',
  'update extensions',
  'optimize database',
] as const;
export type UpgradeStep = (typeof UPGRADE_STEPS)[number];

/** After the 8th step: the new server serves, and a full backup is being taken. */
export const UPGRADE_COMPLETED = 'completed_upgrade';

export const UPGRADE_STATUSES = ['Upgrading', 'Upgraded', 'Failed'] as const;
export type UpgradeStatus = (typeof UPGRADE_STATUSES)[number];

export const UPGRADE_POLL_INTERVAL_MS = 5000;

/** Progress as reported: `<n>_<step>`, e.g. '5_migrate_to_new_database'; '9_completed_upgrade' at the end. */
export function upgradeProgress(step: UpgradeStep | typeof UPGRADE_COMPLETED): string {
  if (step === UPGRADE_COMPLETED) return `${UPGRADE_STEPS.length + 1}_${UPGRADE_COMPLETED}`;
  return `${UPGRADE_STEPS.indexOf(step) + 1}_${step.replaceAll(' ', '_').replaceAll('-', '_')}`;
}

/** The step number of a progress value (1–8, 9 when completed), or 0 when it cannot be read. */
export function parseUpgradeProgress(progress: string | null | undefined): number {
  const match = /^(\d+)_/.exec(progress ?? '');
  return match ? Number(match[1]) : 0;
}

/**
 * The status is polled every 5 s while the project is UPGRADING and the report is not yet
 * Upgrading, or while the report says Upgrading (spec part 1 §4).
 */
export function upgradePollInterval(projectStatus: string | undefined, reported: UpgradeStatus | undefined): number | false {
  return reported === 'Upgrading' || projectStatus === 'UPGRADING' ? UPGRADE_POLL_INTERVAL_MS : false;
}
