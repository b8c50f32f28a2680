import { describe, expect, it } from 'vitest';
import { DeployFunctionForm, importMapPath, slugify, STARTER_CODE } from './deploy-schema';
import { parseEnv } from './secrets-schema';

describe('slugify', () => {
  it('makes a URL-safe slug that starts with a letter', () => {
    expect(slugify('Hello World!')).toBe('hello-world');
    expect(slugify('  42 Crème brûlée ')).toBe('creme-brulee');
    expect(slugify('send_email')).toBe('send_email');
    expect(slugify('x'.repeat(80))).toHaveLength(64);
  });
});

describe('the deploy form', () => {
  const valid = { name: 'Hello', slug: 'hello', verifyJwt: true, files: [{ path: 'index.ts', content: STARTER_CODE }] };
  const messages = (input: unknown) => DeployFunctionForm.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

  it('takes the starter function', () => {
    expect(DeployFunctionForm.safeParse(valid).success).toBe(true);
  });

  it('refuses paths that leave the function and empty entrypoints', () => {
    expect(messages({ ...valid, files: [...valid.files, { path: '../etc/passwd', content: 'x' }] })).toEqual([
      'A path stays inside the function: no empty, . or .. parts',
    ]);
    expect(messages({ ...valid, files: [...valid.files, { path: '/abs.ts', content: 'x' }] })).toContain(
      'Use a path relative to the function, e.g. lib/greet.ts',
    );
    expect(messages({ ...valid, files: [{ path: 'index.ts', content: '\n  ' }] })).toEqual(['Edge function code must be non-empty']);
    expect(messages({ ...valid, files: [] })).toEqual(['A function needs at least one file']);
    expect(messages({ ...valid, files: [...valid.files, { path: './index.ts', content: 'x' }] })).toEqual([
      'There are two files named index.ts',
    ]);
  });

  it('finds the import map the CLI would send', () => {
    expect(importMapPath(['index.ts', 'deno.json'])).toBe('deno.json');
    expect(importMapPath(['index.ts'])).toBeNull();
  });
});

describe('parseEnv', () => {
  it('reads NAME=value lines, skipping comments and export, unquoting values', () => {
    expect(parseEnv('# c\nA=1\n\nexport B="two = 2"\nC=\'x\'')).toEqual([
      { name: 'A', value: '1' },
      { name: 'B', value: 'two = 2' },
      { name: 'C', value: 'x' },
    ]);
  });

  it('leaves text without such lines alone', () => {
    expect(parseEnv('JUST_A_NAME')).toBeUndefined();
    expect(parseEnv('')).toBeUndefined();
  });
});
