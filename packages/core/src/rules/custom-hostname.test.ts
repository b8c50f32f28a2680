import { describe, expect, it } from 'vitest';
import { customHostnameStatusForPlan, customHostnameStatusFromMessage } from './custom-hostname.ts';

describe('customHostnameStatusFromMessage', () => {
  it('reads the two refusals of spec part 1 §8 as statuses, whatever surrounds them', () => {
    expect(customHostnameStatusFromMessage('not allowed to set up custom domain')).toBe('0_not_allowed');
    expect(customHostnameStatusFromMessage('Your plan is Not allowed to set up custom domain.')).toBe('0_not_allowed');
    expect(customHostnameStatusFromMessage('custom hostname configuration')).toBe('0_no_hostname_configured');
    expect(customHostnameStatusFromMessage('Failed to retrieve custom hostname configuration: none found')).toBe(
      '0_no_hostname_configured',
    );
  });

  it('leaves any other message a failure', () => {
    expect(customHostnameStatusFromMessage('Internal server error')).toBeUndefined();
    expect(customHostnameStatusFromMessage('')).toBeUndefined();
  });
});

describe('customHostnameStatusForPlan', () => {
  it('refuses the free plan and finds nothing configured on paid plans', () => {
    expect(customHostnameStatusForPlan('free')).toBe('0_not_allowed');
    for (const plan of ['pro', 'team', 'enterprise'] as const) expect(customHostnameStatusForPlan(plan)).toBe('0_no_hostname_configured');
  });
});
