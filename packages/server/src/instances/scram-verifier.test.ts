import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { setRolePassword } from './readonly-role.ts';
import { scramVerifier } from './scram-verifier.ts';

describe('passwords sent to an instance', () => {
  it('are SCRAM-SHA-256 verifiers in the form Postgres stores', () => {
    const verifier = scramVerifier('correct horse', Buffer.alloc(16, 1));
    expect(verifier).toMatch(/^SCRAM-SHA-256\$4096:AQEBAQEBAQEBAQEBAQEBAQ==\$[A-Za-z0-9+/]{43}=:[A-Za-z0-9+/]{43}=$/);
    expect(scramVerifier('correct horse')).not.toBe(scramVerifier('correct horse')); // a fresh salt each time
  });

  it('never carry the password itself in any statement (members read pg_stat_activity)', async () => {
    const sent: string[] = [];
    const client = {
      query: async (text: string) => void sent.push(text),
      escapeIdentifier: (s: string) => `"${s}"`,
      escapeLiteral: (s: string) => `'${s}'`,
    };
    await setRolePassword(client as unknown as pg.ClientBase, 'basin_admin', 'the-secret-password');
    expect(sent.some((text) => /alter role "basin_admin" with login password 'SCRAM-SHA-256\$/.test(text))).toBe(true);
    expect(sent.join('\n')).not.toContain('the-secret-password');
  });
});
