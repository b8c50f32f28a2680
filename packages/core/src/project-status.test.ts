import { describe, expect, it } from 'vitest';
import { PROJECT_STATUSES, STATUS_POLL_INTERVAL_MS, statusPollInterval, statusScreenFor } from './project-status.ts';

describe('statusPollInterval', () => {
  it('polls every 4 seconds', () => {
    expect(STATUS_POLL_INTERVAL_MS).toBe(4000);
  });

  it('stops polling once the project is healthy', () => {
    expect(statusPollInterval('ACTIVE_HEALTHY')).toBe(false);
  });

  it('keeps polling in every other status and before the status is known', () => {
    for (const status of PROJECT_STATUSES.filter((s) => s !== 'ACTIVE_HEALTHY')) {
      expect(statusPollInterval(status)).toBe(4000);
    }
    expect(statusPollInterval(undefined)).toBe(4000);
  });
});

describe('statusScreenFor', () => {
  it('shows the setup screen while the project comes up', () => {
    expect(statusScreenFor('COMING_UP')).toBe('setup');
    expect(statusScreenFor('UNKNOWN')).toBe('setup');
  });

  it('shows the failure screen when creation failed', () => {
    expect(statusScreenFor('INIT_FAILED')).toBe('init-failed');
  });

  it('shows no screen for the other statuses or an unknown one', () => {
    const others = PROJECT_STATUSES.filter((s) => !['COMING_UP', 'UNKNOWN', 'INIT_FAILED'].includes(s));
    expect(others).toContain('ACTIVE_HEALTHY');
    for (const status of others) expect(statusScreenFor(status)).toBeNull();
    expect(statusScreenFor(undefined)).toBeNull();
  });
});
