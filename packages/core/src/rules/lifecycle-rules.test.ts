import { describe, expect, it } from 'vitest';
import { MAX_DAYS_TILL_RESTORE_DISABLED, remainingDaysTillRestoreDisabled } from './pause.ts';
import { parseUpgradeProgress, UPGRADE_STEPS, upgradePollInterval, upgradeProgress } from './upgrade-steps.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('remaining days till restore is disabled', () => {
  const pausedAt = new Date('2026-01-01T12:00:00Z');
  it('counts down whole days from the pause date', () => {
    expect(remainingDaysTillRestoreDisabled(pausedAt, pausedAt)).toBe(MAX_DAYS_TILL_RESTORE_DISABLED);
    expect(remainingDaysTillRestoreDisabled(pausedAt, new Date(pausedAt.getTime() + DAY - 1))).toBe(90);
    expect(remainingDaysTillRestoreDisabled(pausedAt, new Date(pausedAt.getTime() + 10 * DAY))).toBe(80);
  });
  it('never goes below zero', () => {
    expect(remainingDaysTillRestoreDisabled(pausedAt, new Date(pausedAt.getTime() + 200 * DAY))).toBe(0);
  });
});

describe('upgrade progress', () => {
  it('reports the 8 steps in order as <n>_<step>', () => {
    expect(UPGRADE_STEPS).toHaveLength(8);
    expect(upgradeProgress('prepare new server')).toBe('1_prepare_new_server');
    expect(upgradeProgress('pre-upgrade checks')).toBe('3_pre_upgrade_checks');
    expect(upgradeProgress('optimize database')).toBe('8_optimize_database');
    expect(upgradeProgress('completed_upgrade')).toBe('9_completed_upgrade');
  });
  it('parses the step number back, 0 when unreadable', () => {
    expect(UPGRADE_STEPS.map((step) => parseUpgradeProgress(upgradeProgress(step)))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseUpgradeProgress('9_completed_upgrade')).toBe(9);
    expect(parseUpgradeProgress(undefined)).toBe(0);
    expect(parseUpgradeProgress('upgrading')).toBe(0);
  });
  it('polls every 5 s while the project is upgrading or the report says Upgrading', () => {
    expect(upgradePollInterval('UPGRADING', undefined)).toBe(5000);
    expect(upgradePollInterval('UPGRADING', 'Upgraded')).toBe(5000);
    expect(upgradePollInterval('ACTIVE_HEALTHY', 'Upgrading')).toBe(5000);
    expect(upgradePollInterval('ACTIVE_HEALTHY', 'Upgraded')).toBe(false);
    expect(upgradePollInterval('ACTIVE_HEALTHY', 'Failed')).toBe(false);
  });
});
