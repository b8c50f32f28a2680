import { describe, expect, it } from 'vitest';
import { ResetDatabasePasswordBody } from './database-settings.ts';
import { CreateVaultSecretBody, UpdateVaultSecretBody, VAULT_SECRET_MAX_LENGTH } from './vault.ts';

describe('vault bodies', () => {
  it('trims the name and description, keeps the secret as typed, defaults the description', () => {
    expect(CreateVaultSecretBody.parse({ name: '  stripe_key ', secret: ' sk live ' })).toEqual({
      name: 'stripe_key',
      description: '',
      secret: ' sk live ',
    });
  });

  it('refuses an empty name or secret and a secret past the limit', () => {
    expect(CreateVaultSecretBody.safeParse({ name: ' ', secret: 'x' }).error?.issues[0]?.message).toBe('Name is required');
    expect(CreateVaultSecretBody.safeParse({ name: 'a', secret: '' }).error?.issues[0]?.message).toBe('Secret value is required');
    expect(CreateVaultSecretBody.safeParse({ name: 'a', secret: 'x'.repeat(VAULT_SECRET_MAX_LENGTH + 1) }).success).toBe(false);
  });

  it('updates what is given, and refuses an update of nothing', () => {
    expect(UpdateVaultSecretBody.parse({ description: 'new' })).toEqual({ description: 'new' });
    expect(UpdateVaultSecretBody.safeParse({}).error?.issues[0]?.message).toBe('Nothing to change');
  });
});

describe('database password', () => {
  it('takes 12 to 128 printable ASCII characters without spaces', () => {
    expect(ResetDatabasePasswordBody.safeParse({ password: 'p@ss:word/12#' }).success).toBe(true);
    expect(ResetDatabasePasswordBody.safeParse({ password: 'short' }).error?.issues[0]?.message).toBe(
      'The password needs at least 12 characters',
    );
    expect(ResetDatabasePasswordBody.safeParse({ password: 'has a space in it' }).success).toBe(false);
    expect(ResetDatabasePasswordBody.safeParse({ password: 'ünïcödé-password' }).success).toBe(false);
    expect(ResetDatabasePasswordBody.safeParse({ password: 'x'.repeat(129) }).success).toBe(false);
  });
});
