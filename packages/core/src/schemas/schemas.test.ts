import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AvailableVersionsBody,
  CreateOrganizationBody,
  CreateProjectBody,
  CreateGitHubConnectionBody,
  Credentials,
  SignUpCredentials,
  InviteMemberBody,
  OrgSlug,
  ProjectRef,
  UpdateMemberBody,
  UpdateOrganizationBody,
  UpdateProjectBody,
  UpdateSubscriptionBody,
} from './index.ts';

/** The messages of a rejected payload, keyed by the field they are about ('' for the whole body). */
function problems(schema: z.ZodType, payload: unknown): Record<string, string> {
  const result = schema.safeParse(payload);
  if (result.success) throw new Error(`expected ${JSON.stringify(payload)} to be rejected`);
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const goodProject = {
  name: 'Shop',
  organization_slug: 'acme',
  region: 'local',
  postgres_engine: '17',
  release_channel: 'ga',
};

describe('ProjectRef', () => {
  it('accepts 20 lower-case letters', () => {
    expect(ProjectRef.parse('abcdefghijklmnopqrst')).toBe('abcdefghijklmnopqrst');
  });

  it.each(['abcdefghijklmnopqrs', 'abcdefghijklmnopqrstu', 'ABCDEFGHIJKLMNOPQRST', 'abcdefghijklmnopqrs1', 'abcdefghij-lmnopqrst', ''])(
    'rejects %j',
    (ref) => {
      expect(problems(ProjectRef, ref)).toEqual({ '': 'Project ref must be 20 lower-case letters' });
    },
  );
});

describe('OrgSlug', () => {
  it.each(['acme', 'acme-2', 'a_b', '_', 'x'.repeat(64)])('accepts %j', (slug) => {
    expect(OrgSlug.parse(slug)).toBe(slug);
  });

  it.each(['Acme', 'acme corp', 'acme/2', 'café'])('rejects %j', (slug) => {
    expect(problems(OrgSlug, slug)).toEqual({ '': 'Organization slug is not valid' });
  });

  it('rejects an empty or too long slug', () => {
    expect(OrgSlug.safeParse('').success).toBe(false);
    expect(OrgSlug.safeParse('x'.repeat(65)).success).toBe(false);
  });
});

describe('CreateOrganizationBody', () => {
  it('trims the name', () => {
    expect(CreateOrganizationBody.parse({ name: '  Acme Corp  ' })).toEqual({ name: 'Acme Corp' });
  });

  it('requires a name that is not blank', () => {
    expect(problems(CreateOrganizationBody, { name: '' })).toEqual({ name: 'Name is required' });
    expect(problems(CreateOrganizationBody, { name: '   ' })).toEqual({ name: 'Name is required' });
    expect(CreateOrganizationBody.safeParse({}).success).toBe(false);
    expect(CreateOrganizationBody.safeParse({ name: 42 }).success).toBe(false);
  });

  it('allows at most 64 characters after trimming', () => {
    expect(CreateOrganizationBody.parse({ name: 'x'.repeat(64) }).name).toHaveLength(64);
    expect(CreateOrganizationBody.parse({ name: ` ${'x'.repeat(64)} ` }).name).toHaveLength(64);
    expect(problems(CreateOrganizationBody, { name: 'x'.repeat(65) })).toEqual({
      name: 'Name must be at most 64 characters',
    });
  });

  it('drops unknown fields', () => {
    expect(CreateOrganizationBody.parse({ name: 'Acme', plan: 'enterprise' })).toEqual({ name: 'Acme' });
  });
});

describe('UpdateOrganizationBody', () => {
  it('accepts a name, a billing email or both', () => {
    expect(UpdateOrganizationBody.parse({ name: ' Acme ' })).toEqual({ name: 'Acme' });
    expect(UpdateOrganizationBody.parse({ billing_email: 'billing@acme.test' })).toEqual({ billing_email: 'billing@acme.test' });
    expect(UpdateOrganizationBody.parse({ name: 'Acme', billing_email: 'billing@acme.test' })).toEqual({
      name: 'Acme',
      billing_email: 'billing@acme.test',
    });
  });

  it('rejects an empty body, and one with only unknown fields', () => {
    expect(problems(UpdateOrganizationBody, {})).toEqual({ '': 'Nothing to update' });
    expect(problems(UpdateOrganizationBody, { plan: 'team' })).toEqual({ '': 'Nothing to update' });
  });

  it('ignores empty fields and rejects a bad billing email', () => {
    expect(UpdateOrganizationBody.parse({ name: 'Acme', billing_email: '' })).toEqual({ name: 'Acme' });
    expect(UpdateOrganizationBody.parse({ name: ' ', billing_email: 'billing@acme.test' })).toEqual({ billing_email: 'billing@acme.test' });
    expect(problems(UpdateOrganizationBody, { billing_email: 'not an email' })).toEqual({
      billing_email: 'Billing email must be a valid email address',
    });
  });
});

describe('CreateProjectBody', () => {
  it('accepts a complete payload and trims the name', () => {
    expect(CreateProjectBody.parse({ ...goodProject, name: ' Shop ' })).toEqual(goodProject);
  });

  it('rejects an unknown region with its message', () => {
    expect(problems(CreateProjectBody, { ...goodProject, region: 'eu-west-1' })).toEqual({
      region: 'Choose a region from the list',
    });
  });

  it('asks for a Postgres version when none is chosen', () => {
    expect(problems(CreateProjectBody, { ...goodProject, postgres_engine: '' })).toEqual({
      postgres_engine: 'Select a Postgres version for your project',
    });
  });

  it('rejects an unknown release channel, a blank name and a bad organization slug', () => {
    expect(Object.keys(problems(CreateProjectBody, { ...goodProject, release_channel: 'stable' }))).toEqual(['release_channel']);
    expect(problems(CreateProjectBody, { ...goodProject, name: '  ' })).toEqual({ name: 'Name is required' });
    expect(problems(CreateProjectBody, { ...goodProject, organization_slug: 'Acme Corp' })).toEqual({
      organization_slug: 'Organization slug is not valid',
    });
  });

  it('reports every missing field', () => {
    expect(Object.keys(problems(CreateProjectBody, {})).sort()).toEqual(
      ['name', 'organization_slug', 'postgres_engine', 'region', 'release_channel'].sort(),
    );
  });
});

describe('UpdateProjectBody', () => {
  it('renames with a trimmed, non-blank name', () => {
    expect(UpdateProjectBody.parse({ name: ' Shop 2 ' })).toEqual({ name: 'Shop 2' });
    expect(problems(UpdateProjectBody, { name: '' })).toEqual({ name: 'Name is required' });
  });
});

describe('InviteMemberBody', () => {
  it('accepts an email and a role', () => {
    expect(InviteMemberBody.parse({ email: 'ada@example.com', role: 'Developer' })).toEqual({
      email: 'ada@example.com',
      role: 'Developer',
    });
  });

  it('rejects a bad email with its message', () => {
    expect(problems(InviteMemberBody, { email: 'ada@', role: 'Developer' })).toEqual({ email: 'Enter a valid email address' });
    expect(problems(InviteMemberBody, { email: '', role: 'Developer' })).toEqual({ email: 'Enter a valid email address' });
  });

  it('rejects a role that does not exist, whatever its case', () => {
    expect(Object.keys(problems(InviteMemberBody, { email: 'ada@example.com', role: 'Superuser' }))).toEqual(['role']);
    expect(Object.keys(problems(InviteMemberBody, { email: 'ada@example.com', role: 'owner' }))).toEqual(['role']);
    expect(Object.keys(problems(InviteMemberBody, { email: 'ada@example.com' }))).toEqual(['role']);
  });
});

describe('UpdateMemberBody and UpdateSubscriptionBody', () => {
  it('accept only known roles and plans', () => {
    expect(UpdateMemberBody.parse({ role: 'Read-only' })).toEqual({ role: 'Read-only' });
    expect(UpdateMemberBody.safeParse({ role: 'Readonly' }).success).toBe(false);
    expect(UpdateSubscriptionBody.parse({ plan: 'pro' })).toEqual({ plan: 'pro' });
    expect(UpdateSubscriptionBody.safeParse({ plan: 'Pro' }).success).toBe(false);
  });
});

describe('AvailableVersionsBody', () => {
  it('needs a provider and a region', () => {
    expect(AvailableVersionsBody.parse({ provider: 'local', region: 'local' })).toEqual({ provider: 'local', region: 'local' });
    expect(problems(AvailableVersionsBody, { provider: 'local', region: '' })).toEqual({ region: 'Region is required' });
    expect(Object.keys(problems(AvailableVersionsBody, { provider: '', region: 'local' }))).toEqual(['provider']);
  });
});

describe('Credentials', () => {
  it('accepts an email and a password of 8 to 128 characters', () => {
    expect(Credentials.safeParse({ email: 'ada@example.com', password: '12345678' }).success).toBe(true);
    expect(Credentials.safeParse({ email: 'ada@example.com', password: 'x'.repeat(128) }).success).toBe(true);
  });

  it('rejects a bad email and a password that is too short or too long', () => {
    expect(problems(Credentials, { email: 'ada', password: '12345678' })).toEqual({ email: 'Enter a valid email address' });
    expect(problems(Credentials, { email: 'ada@example.com', password: '1234567' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(problems(Credentials, { email: 'ada@example.com', password: 'x'.repeat(129) })).toEqual({
      password: 'Password must be at most 128 characters',
    });
  });
});

describe('SignUpCredentials', () => {
  const password = (value: string) => problems(SignUpCredentials, { email: 'ada@example.com', password: value }).password;

  it('accepts a password that is long enough and not a common one', () => {
    expect(SignUpCredentials.safeParse({ email: 'ada@example.com', password: 'correct horse battery' }).success).toBe(true);
    expect(SignUpCredentials.safeParse({ email: 'ada@example.com', password: ' a1b2c3d4 ' }).success).toBe(true);
  });

  it('refuses blank, short, overlong and common passwords with one message each', () => {
    expect(password('1234567')).toBe('Password must be at least 8 characters');
    expect(password('x'.repeat(129))).toBe('Password must be at most 128 characters');
    expect(password(' '.repeat(8))).toBe('Password must have at least 8 characters that are not spaces');
    expect(password('a b c d e f g')).toBe('Password must have at least 8 characters that are not spaces');
    for (const common of ['password', 'PassWord', ' 12345678 ', 'qwerty123']) {
      expect(password(common)).toBe('This password is too common: choose one that is harder to guess');
    }
  });
});

describe('CreateGitHubConnectionBody', () => {
  const connection = (token: string) => ({ organization_id: 1, project_ref: 'a'.repeat(20), repository: 'acme/web', token });

  it('takes a token of visible ASCII, the only thing an Authorization header carries', () => {
    expect(CreateGitHubConnectionBody.safeParse(connection('github_pat_11AB-x.y~z')).success).toBe(true);
    for (const token of ['ghp_a\r\nX-Injected: 1', 'ghp a', 'ghp_ñ', 'ghp_\u0007']) {
      expect(problems(CreateGitHubConnectionBody, connection(token))).toEqual({
        token: 'A GitHub token is made of ASCII letters, digits and symbols, without spaces',
      });
    }
  });
});
