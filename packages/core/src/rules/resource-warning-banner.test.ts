import { describe, expect, it } from 'vitest';
import { resourceBannerFor, type ResourceLevels } from './resource-warning-banner.ts';

const NONE: ResourceLevels = {
  is_readonly_mode_enabled: false,
  disk_io: null,
  disk_space: null,
  cpu: null,
  memory: null,
  auth_email_rate_limit: null,
};
const HOME = '/project/abc';

describe('resource warning banner', () => {
  it('shows nothing without warnings', () => {
    expect(resourceBannerFor(undefined, HOME)).toBeNull();
    expect(resourceBannerFor(NONE, HOME)).toBeNull();
  });

  it('names the one resource at its level', () => {
    expect(resourceBannerFor({ ...NONE, disk_space: 'warning' }, HOME)).toEqual({ resource: 'disk_space', level: 'warning' });
    expect(resourceBannerFor({ ...NONE, cpu: 'critical' }, HOME)).toEqual({ resource: 'cpu', level: 'critical' });
  });

  it('groups several resources at the highest level', () => {
    expect(resourceBannerFor({ ...NONE, cpu: 'warning', memory: 'critical' }, HOME)).toEqual({ resource: 'multiple', level: 'critical' });
  });

  it('puts read-only mode first, except on compute and disk', () => {
    const readOnly = { ...NONE, is_readonly_mode_enabled: true, disk_space: 'critical' as const };
    expect(resourceBannerFor(readOnly, HOME)).toEqual({ resource: 'read_only', level: 'critical' });
    expect(resourceBannerFor(readOnly, `${HOME}/settings/compute-and-disk`)).toBeNull();
    expect(resourceBannerFor(readOnly, `${HOME}/settings/infrastructure`)).toEqual({ resource: 'read_only', level: 'critical' });
  });

  it('keeps quiet on usage and infrastructure unless read-only', () => {
    expect(resourceBannerFor({ ...NONE, cpu: 'warning' }, `${HOME}/settings/usage`)).toBeNull();
    expect(resourceBannerFor({ ...NONE, cpu: 'warning' }, `${HOME}/settings/infrastructure/`)).toBeNull();
    expect(resourceBannerFor({ ...NONE, cpu: 'warning' }, `${HOME}/settings/compute-and-disk`)).toEqual({
      resource: 'cpu',
      level: 'warning',
    });
  });
});
