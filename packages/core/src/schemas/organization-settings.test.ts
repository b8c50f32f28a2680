import { describe, expect, it } from 'vitest';
import { TelemetryEventBody, TrackFeatureFlagBody, UpdateOrganizationBody } from './index.ts';

function problem(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('UpdateOrganizationBody: opt-in tags and additional billing emails', () => {
  it('takes the tags of one level in any order and answers them in order', () => {
    expect(UpdateOrganizationBody.parse({ opt_in_tags: [] })).toEqual({ opt_in_tags: [] });
    expect(UpdateOrganizationBody.parse({ opt_in_tags: ['AI_LOG', 'AI_SQL'] })).toEqual({ opt_in_tags: ['AI_SQL', 'AI_LOG'] });
    expect(UpdateOrganizationBody.parse({ opt_in_tags: ['AI_DATA', 'AI_SQL', 'AI_LOG'] }).opt_in_tags).toEqual([
      'AI_SQL',
      'AI_LOG',
      'AI_DATA',
    ]);
  });

  it('refuses unknown tags, repeats and sets that are no level', () => {
    expect(problem(UpdateOrganizationBody.safeParse({ opt_in_tags: ['AI_ALL'] }))).toBe('Unknown AI opt-in tag: AI_ALL');
    expect(problem(UpdateOrganizationBody.safeParse({ opt_in_tags: ['AI_LOG'] }))).toMatch(
      /^opt_in_tags must be the tags of one AI opt-in level/,
    );
    expect(problem(UpdateOrganizationBody.safeParse({ opt_in_tags: ['AI_SQL', 'AI_SQL'] }))).toMatch(/^opt_in_tags must be/);
    expect(UpdateOrganizationBody.safeParse({ opt_in_tags: 'AI_SQL' }).success).toBe(false);
  });

  it('trims additional billing emails, drops repeats, names a bad one and caps the list', () => {
    expect(UpdateOrganizationBody.parse({ additional_billing_emails: [' a@acme.test', 'A@acme.test', 'b@acme.test'] })).toEqual({
      additional_billing_emails: ['a@acme.test', 'b@acme.test'],
    });
    expect(UpdateOrganizationBody.parse({ additional_billing_emails: [] })).toEqual({ additional_billing_emails: [] });
    expect(problem(UpdateOrganizationBody.safeParse({ additional_billing_emails: ['a@acme.test', 'nope'] }))).toBe(
      'Additional billing email "nope" is not a valid email address',
    );
    const many = Array.from({ length: 11 }, (_, at) => `b${at}@acme.test`);
    expect(problem(UpdateOrganizationBody.safeParse({ additional_billing_emails: many }))).toBe('At most 10 additional billing emails');
  });

  it('keeps its existing messages', () => {
    expect(problem(UpdateOrganizationBody.safeParse({}))).toBe('Nothing to update');
    expect(problem(UpdateOrganizationBody.safeParse({ billing_email: 'x' }))).toBe('Billing email must be a valid email address');
  });
});

describe('telemetry bodies', () => {
  it('accepts known flags and usage events only', () => {
    expect(TrackFeatureFlagBody.parse({ feature_flag_name: 'assistantEnabled', feature_flag_value: false })).toEqual({
      feature_flag_name: 'assistantEnabled',
      feature_flag_value: false,
    });
    expect(problem(TrackFeatureFlagBody.safeParse({ feature_flag_name: 'nope', feature_flag_value: true }))).toBe(
      'Unknown feature flag: nope',
    );
    expect(TelemetryEventBody.parse({ action: 'assistant_prompt_submitted', groups: { project: 'abc' } }).action).toBe(
      'assistant_prompt_submitted',
    );
    expect(problem(TelemetryEventBody.safeParse({ action: 'page_viewed' }))).toBe('Unknown usage event: page_viewed');
  });

  it('caps the properties at 20 flat values', () => {
    const properties = Object.fromEntries(Array.from({ length: 21 }, (_, at) => [`p${at}`, at]));
    expect(problem(TelemetryEventBody.safeParse({ action: 'assistant_prompt_submitted', properties }))).toBe('At most 20 properties');
    expect(TelemetryEventBody.safeParse({ action: 'assistant_prompt_submitted', properties: { nested: { a: 1 } } }).success).toBe(false);
  });
});
