import { describe, expect, it } from 'vitest';
import { can, canManageRole, PERMISSIONS, ROLES, type Permission, type Role } from './permissions.ts';

// The whole table written out again: any change to who may do what must change this test too.
const EXPECTED: Record<Permission, readonly Role[]> = {
  'organizations:read': ['Owner', 'Administrator', 'Developer', 'Read-only'],
  'organizations:update': ['Owner', 'Administrator'],
  'members:read': ['Owner', 'Administrator', 'Developer', 'Read-only'],
  'members:invite': ['Owner', 'Administrator'],
  'members:update': ['Owner', 'Administrator'],
  'members:remove': ['Owner', 'Administrator'],
  'billing.subscriptions:read': ['Owner', 'Administrator'],
  'billing.subscriptions:write': ['Owner', 'Administrator'],
  'projects:read': ['Owner', 'Administrator', 'Developer', 'Read-only'],
  'projects:create': ['Owner', 'Administrator'],
  'projects:update': ['Owner', 'Administrator'],
  'projects:delete': ['Owner', 'Administrator'],
  'database.credentials:read': ['Owner', 'Administrator', 'Developer'],
  'service_api_keys:read': ['Owner', 'Administrator', 'Developer'],
  'preview_branches:create': ['Owner', 'Administrator', 'Developer'],
  'user_content.sql:create': ['Owner', 'Administrator', 'Developer'],
  'infra.resume:execute': ['Owner', 'Administrator'],
  'infra.lifecycle:execute': ['Owner', 'Administrator'],
  'sql:execute': ['Owner', 'Administrator', 'Developer', 'Read-only'],
  'advisors:read': ['Owner', 'Administrator', 'Developer', 'Read-only'],
  'advisors.acknowledgements:write': ['Owner', 'Administrator', 'Developer'],
  'project.settings:write': ['Owner', 'Administrator'],
  'integrations.github_connections:write': ['Owner', 'Administrator'],
  'backups:read': ['Owner', 'Administrator', 'Developer', 'Read-only'],
  'backups:download': ['Owner', 'Administrator'],
  'auth:read': ['Owner', 'Administrator', 'Developer', 'Read-only'],
  'auth.users:write': ['Owner', 'Administrator', 'Developer'],
  'auth.sign_in_providers:read': ['Owner', 'Administrator', 'Developer'],
  'storage:read': ['Owner', 'Administrator', 'Developer', 'Read-only'],
  'storage:write': ['Owner', 'Administrator', 'Developer'],
  'functions:read': ['Owner', 'Administrator', 'Developer', 'Read-only'],
  'functions:write': ['Owner', 'Administrator', 'Developer'],
  'functions.secrets:read': ['Owner', 'Administrator', 'Developer'],
  'functions.secrets:write': ['Owner', 'Administrator', 'Developer'],
  'realtime:read': ['Owner', 'Administrator', 'Developer', 'Read-only'],
  'analytics:read': ['Owner', 'Administrator', 'Developer', 'Read-only'],
  'assistant:use': ['Owner', 'Administrator', 'Developer', 'Read-only'],
  'projects.hipaa:write': ['Owner'],
};

const permissions = Object.keys(PERMISSIONS) as Permission[];

describe('the permission table', () => {
  it('has the four roles, highest first', () => {
    expect(ROLES).toEqual(['Owner', 'Administrator', 'Developer', 'Read-only']);
  });

  it('lists exactly the expected permissions', () => {
    expect(permissions.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  describe.each(ROLES)('%s', (role) => {
    it.each(permissions)(`%s`, (permission) => {
      expect(can(role, permission)).toBe(EXPECTED[permission].includes(role));
    });
  });
});

describe('can', () => {
  it('lets Read-only read projects but not update, create or delete them', () => {
    expect(can('Read-only', 'projects:read')).toBe(true);
    expect(can('Read-only', 'projects:update')).toBe(false);
    expect(can('Read-only', 'projects:create')).toBe(false);
    expect(can('Read-only', 'projects:delete')).toBe(false);
  });

  it('lets Developers read service_api_keys but not read or write billing', () => {
    expect(can('Developer', 'service_api_keys:read')).toBe(true);
    expect(can('Developer', 'billing.subscriptions:write')).toBe(false);
    expect(can('Developer', 'billing.subscriptions:read')).toBe(false);
  });

  it('gives billing to Owners and Administrators only', () => {
    const billing = ROLES.filter((role) => can(role, 'billing.subscriptions:write'));
    expect(billing).toEqual(['Owner', 'Administrator']);
  });

  it('hides the superuser connection string from Read-only', () => {
    expect(can('Read-only', 'database.credentials:read')).toBe(false);
    expect(can('Developer', 'database.credentials:read')).toBe(true);
  });

  it('allows nothing without a role', () => {
    for (const permission of permissions) {
      expect(can(undefined, permission)).toBe(false);
      expect(can(null, permission)).toBe(false);
    }
  });
});

describe('canManageRole', () => {
  it('lets Owners give, change and remove every role, Owner included', () => {
    for (const role of ROLES) {
      expect(canManageRole('Owner', undefined, role)).toBe(true);
      expect(canManageRole('Owner', role, undefined)).toBe(true);
      expect(canManageRole('Owner', 'Owner', role)).toBe(true);
      expect(canManageRole('Owner', role, 'Owner')).toBe(true);
    }
  });

  it('lets Administrators manage every role below Owner', () => {
    const belowOwner = ROLES.filter((role) => role !== 'Owner');
    for (const from of belowOwner) {
      expect(canManageRole('Administrator', undefined, from)).toBe(true);
      expect(canManageRole('Administrator', from, undefined)).toBe(true);
      for (const to of belowOwner) expect(canManageRole('Administrator', from, to)).toBe(true);
    }
  });

  it('stops Administrators from inviting as, promoting to, demoting or removing an Owner', () => {
    expect(canManageRole('Administrator', undefined, 'Owner')).toBe(false);
    expect(canManageRole('Administrator', 'Developer', 'Owner')).toBe(false);
    expect(canManageRole('Administrator', 'Administrator', 'Owner')).toBe(false);
    expect(canManageRole('Administrator', 'Owner', 'Administrator')).toBe(false);
    expect(canManageRole('Administrator', 'Owner', 'Read-only')).toBe(false);
    expect(canManageRole('Administrator', 'Owner', undefined)).toBe(false);
  });

  it.each(['Developer', 'Read-only'] as const)('lets %s manage nobody, not even the lowest role', (actor) => {
    expect(canManageRole(actor, undefined, 'Read-only')).toBe(false);
    expect(canManageRole(actor, 'Read-only', undefined)).toBe(false);
    expect(canManageRole(actor, 'Read-only', 'Read-only')).toBe(false);
    expect(canManageRole(actor, undefined, actor)).toBe(false);
    expect(canManageRole(actor, undefined, undefined)).toBe(false);
  });
});
