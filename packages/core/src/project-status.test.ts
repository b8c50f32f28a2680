import { describe, expect, it } from 'vitest';
import {
  PAUSING_FIRST_POLL_AFTER_MS,
  PAUSING_POLL_INTERVAL_MS,
  PROJECT_STATUSES,
  REST_HEALTH_POLL_INTERVAL_MS,
  REST_HEALTH_TIMEOUT_MS,
  isStatusInProgress,
  restHealthPollInterval,
  STATUS_POLL_INTERVAL_MS,
  statusFirstPollDelay,
  statusPollInterval,
  statusScreenFor,
  STATUS_SCREENS,
  type ProjectStatus,
  type StatusScreen,
} from './project-status.ts';

const REF = 'abcdefghijklmnopqrst';
const HOME = `/project/${REF}`;
const SETTINGS = `/project/${REF}/settings/general`;
const BACKUPS = `/project/${REF}/database/backups/scheduled`;
const OTHER = `/project/${REF}/sql/new`;

describe('status polling', () => {
  it('polls every 4 seconds while the project is not healthy', () => {
    expect(STATUS_POLL_INTERVAL_MS).toBe(4000);
    for (const status of PROJECT_STATUSES.filter((s) => !['ACTIVE_HEALTHY', 'PAUSING'].includes(s))) {
      expect(statusPollInterval(status)).toBe(4000);
      expect(statusFirstPollDelay(status)).toBe(0);
    }
    expect(statusPollInterval(undefined)).toBe(4000);
  });

  it('stops polling once the project is healthy', () => {
    expect(statusPollInterval('ACTIVE_HEALTHY')).toBe(false);
  });

  it('while pausing, waits 4 s for the first poll, then polls every 2 s', () => {
    expect([PAUSING_FIRST_POLL_AFTER_MS, PAUSING_POLL_INTERVAL_MS]).toEqual([4000, 2000]);
    expect(statusFirstPollDelay('PAUSING')).toBe(4000);
    expect(statusPollInterval('PAUSING')).toBe(2000);
    // Once INACTIVE the pausing rhythm ends: back to the 4 s rule.
    expect(statusPollInterval('INACTIVE')).toBe(4000);
  });

  it('calls a status in progress while a lifecycle job runs, settled otherwise', () => {
    const settled = PROJECT_STATUSES.filter((s) => !isStatusInProgress(s));
    expect(settled).toEqual(['ACTIVE_HEALTHY', 'INACTIVE', 'PAUSE_FAILED', 'RESTORE_FAILED', 'INIT_FAILED']);
  });

  it('checks the REST API every 4 s, 2 s each, only while connecting', () => {
    expect([REST_HEALTH_POLL_INTERVAL_MS, REST_HEALTH_TIMEOUT_MS]).toEqual([4000, 2000]);
    expect(restHealthPollInterval('connecting')).toBe(4000);
    for (const screen of [...STATUS_SCREENS.filter((s) => s !== 'connecting'), null]) {
      expect(restHealthPollInterval(screen)).toBe(false);
    }
  });
});

describe('statusScreenFor', () => {
  const rows: [ProjectStatus, StatusScreen][] = [
    ['COMING_UP', 'setup'],
    ['UNKNOWN', 'setup'],
    ['ACTIVE_HEALTHY', null],
    ['GOING_DOWN', 'deleting'],
    ['PAUSING', 'pausing'],
    ['PAUSE_FAILED', 'pause-failed'],
    ['INACTIVE', 'paused'],
    ['RESTARTING', 'restarting'],
    ['RESIZING', 'resizing'],
    ['UPGRADING', 'upgrading'],
    ['RESTORING', 'restoring'],
    ['RESTORE_FAILED', 'restore-failed'],
    ['INIT_FAILED', 'init-failed'],
  ];

  it('has a row for every status', () => {
    expect(rows.map(([status]) => status).sort()).toEqual([...PROJECT_STATUSES].sort());
  });

  for (const [status, screen] of rows) {
    it(`${status} shows ${screen ?? 'the page'} on an ordinary project route`, () => {
      expect(statusScreenFor({ status, pathname: OTHER })).toBe(screen);
      expect(statusScreenFor({ status })).toBe(screen);
    });
  }

  it('shows no screen before the status is known', () => {
    expect(statusScreenFor({ status: undefined, pathname: OTHER })).toBeNull();
  });

  describe('connecting', () => {
    it('shows while a healthy project has its REST API offline', () => {
      expect(statusScreenFor({ status: 'ACTIVE_HEALTHY', postgrestStatus: 'OFFLINE', pathname: OTHER })).toBe('connecting');
      expect(statusScreenFor({ status: 'ACTIVE_HEALTHY', postgrestStatus: 'OFFLINE', pathname: HOME })).toBe('connecting');
    });

    it('gives way on the infrastructure page, where its database health link leads', () => {
      const infrastructure = `/project/${REF}/settings/infrastructure`;
      expect(statusScreenFor({ status: 'ACTIVE_HEALTHY', postgrestStatus: 'OFFLINE', pathname: infrastructure })).toBeNull();
      expect(statusScreenFor({ status: 'ACTIVE_HEALTHY', postgrestStatus: 'OFFLINE', pathname: SETTINGS })).toBe('connecting');
    });

    it('does not show once the API is online, or when the field is missing', () => {
      expect(statusScreenFor({ status: 'ACTIVE_HEALTHY', postgrestStatus: 'ONLINE', pathname: OTHER })).toBeNull();
      expect(statusScreenFor({ status: 'ACTIVE_HEALTHY', pathname: OTHER })).toBeNull();
    });

    it('gives way to the status of a project that is not healthy', () => {
      expect(statusScreenFor({ status: 'PAUSING', postgrestStatus: 'OFFLINE' })).toBe('pausing');
      expect(statusScreenFor({ status: 'RESTORING', postgrestStatus: 'OFFLINE' })).toBe('restoring');
    });
  });

  describe('the paused page', () => {
    it('is bypassed on the project home', () => {
      expect(statusScreenFor({ status: 'INACTIVE', pathname: HOME })).toBeNull();
      expect(statusScreenFor({ status: 'INACTIVE', pathname: `${HOME}/` })).toBeNull();
    });

    it('is bypassed on the settings routes', () => {
      expect(statusScreenFor({ status: 'INACTIVE', pathname: SETTINGS })).toBeNull();
      expect(statusScreenFor({ status: 'INACTIVE', pathname: `/project/${REF}/settings/infrastructure` })).toBeNull();
    });

    it('shows on the other routes, the backups ones included', () => {
      expect(statusScreenFor({ status: 'INACTIVE', pathname: BACKUPS })).toBe('paused');
      expect(statusScreenFor({ status: 'INACTIVE', pathname: `/project/${REF}/settingsx` })).toBe('paused');
    });
  });

  describe('the backups routes', () => {
    const skipped: ProjectStatus[] = ['RESTARTING', 'RESIZING', 'UPGRADING', 'RESTORING', 'RESTORE_FAILED'];

    for (const status of skipped) {
      it(`skip the ${status} screen`, () => {
        expect(statusScreenFor({ status, pathname: BACKUPS })).toBeNull();
        expect(statusScreenFor({ status, pathname: `/project/${REF}/database/backups/pitr` })).toBeNull();
        expect(statusScreenFor({ status, pathname: `/project/${REF}/database/backups` })).toBeNull();
      });
    }

    it('keep the other screens', () => {
      expect(statusScreenFor({ status: 'COMING_UP', pathname: BACKUPS })).toBe('setup');
      expect(statusScreenFor({ status: 'PAUSING', pathname: BACKUPS })).toBe('pausing');
      expect(statusScreenFor({ status: 'PAUSE_FAILED', pathname: BACKUPS })).toBe('pause-failed');
      expect(statusScreenFor({ status: 'INIT_FAILED', pathname: BACKUPS })).toBe('init-failed');
      expect(statusScreenFor({ status: 'GOING_DOWN', pathname: BACKUPS })).toBe('deleting');
    });

    it('apply to the backups pages only', () => {
      expect(statusScreenFor({ status: 'RESTORING', pathname: `/project/${REF}/database/settings` })).toBe('restoring');
      expect(statusScreenFor({ status: 'RESTORING', pathname: HOME })).toBe('restoring');
      expect(statusScreenFor({ status: 'UPGRADING', pathname: SETTINGS })).toBe('upgrading');
    });
  });
});
