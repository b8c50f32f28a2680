import { describe, expect, it } from 'vitest';
import { LINT_NAMES, LINTS, lintCacheKey, lintFixPath } from './lints.ts';

describe('lints catalogue', () => {
  it('has the 29 lint names of the spec and the storage one of issue 12', () => {
    expect(LINT_NAMES).toHaveLength(30);
    expect(LINT_NAMES).toContain('vulnerable_postgres_version');
    expect(LINT_NAMES).toContain('public_bucket_allows_listing');
    for (const name of LINT_NAMES) expect(LINTS[name].title).not.toBe('');
  });

  it('links each finding to the page that fixes it, with its schema and object', () => {
    expect(lintFixPath('abc', 'unindexed_foreign_keys', { schema: 'app', name: 'my table' })).toBe(
      '/project/abc/database/indexes?schema=app&table=my%20table',
    );
    expect(lintFixPath('abc', 'function_search_path_mutable', { schema: 'public', name: 'f' })).toBe(
      '/project/abc/database/functions?schema=public&search=f',
    );
    expect(lintFixPath('abc', 'extension_in_public', { schema: 'public', name: 'pgcrypto' })).toBe(
      '/project/abc/database/extensions?filter=pgcrypto',
    );
    expect(lintFixPath('abc', 'auth_rls_initplan', { schema: 'app', name: 'notes' })).toBe(
      '/project/abc/auth/policies?schema=app&search=notes',
    );
    expect(lintFixPath('abc', 'auth_insufficient_mfa_options', {})).toBe('/project/abc/auth/mfa');
    expect(lintFixPath('abc', 'pitr_not_enabled', {})).toBe('/project/abc/database/backups/pitr');
    expect(lintFixPath('abc', 'ssl_not_enforced', {})).toBe('/project/abc/database/settings');
  });

  it('builds cache keys from name, schema and object', () => {
    expect(lintCacheKey('no_primary_key', 'app', 'logs')).toBe('no_primary_key_app_logs');
    expect(lintCacheKey('ssl_not_enforced', null, null)).toBe('ssl_not_enforced');
  });
});
