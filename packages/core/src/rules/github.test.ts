import { describe, expect, it } from 'vitest';
import { GITHUB_MESSAGES } from '../github-messages.ts';
import { repositoryNameError } from './github.ts';

describe('repository names', () => {
  it('takes owner/repo as GitHub spells them', () => {
    for (const name of ['acme/web', ' Acme-Inc/web.site_2 ', `${'a'.repeat(39)}/${'r'.repeat(100)}`]) {
      expect(repositoryNameError(name)).toBeNull();
    }
  });

  it('refuses anything else with one message', () => {
    for (const name of ['', 'acme', 'acme/', '/web', 'acme/web/extra', 'ac me/web', 'acme_inc/web', `${'a'.repeat(40)}/web`]) {
      expect(repositoryNameError(name)).toBe('Repository must be in the form owner/repo');
    }
  });

  it('words the spec messages exactly', () => {
    expect(GITHUB_MESSAGES.connectionsFailed).toBe('Failed to retrieve GitHub connection information');
    expect(GITHUB_MESSAGES.checkBranchFailed('timeout')).toBe('Failed to check GitHub branch: timeout');
  });
});
