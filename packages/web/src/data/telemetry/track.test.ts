import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/mock-api';
import { track, trackFeatureFlag } from './track';

afterEach(() => vi.unstubAllGlobals());

describe('track', () => {
  it('posts the event with its organization, project and the other properties', async () => {
    const { calls } = mockApi({ 'POST /api/platform/telemetry/event': { status: 204 } });
    track('assistant_prompt_submitted', { orgSlug: 'acme', projectRef: 'abcdefghijklmnopqrst', model: 'gpt-5-mini', skipped: undefined });
    track('edge_function_deploy_button_clicked');
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/platform/telemetry/event',
      body: { action: 'assistant_prompt_submitted', properties: { model: 'gpt-5-mini' }, groups: { organization: 'acme', project: 'abcdefghijklmnopqrst' } },
    });
    expect(calls[1]!.body).toEqual({ action: 'edge_function_deploy_button_clicked' });
  });

  // vitest fails the run on an unhandled rejection, so letting the calls settle is the check.
  it('never throws nor rejects, whatever the network or the server does', async () => {
    mockApi({ 'POST /api/platform/telemetry/event': json({ message: 'Unknown usage event' }, 400) });
    expect(() => track('assistant_debug_submitted')).not.toThrow();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('network down')));
    expect(() => track('assistant_debug_submitted')).not.toThrow();
    vi.stubGlobal('fetch', () => {
      throw new Error('no fetch here');
    });
    expect(() => track('assistant_debug_submitted')).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
});

describe('trackFeatureFlag', () => {
  it('tracks a flag and value once a page load', async () => {
    const { calls } = mockApi({ 'POST /api/platform/telemetry/feature-flags/track': { status: 204 } });
    trackFeatureFlag('subscriptionChangesEnabled', true);
    trackFeatureFlag('subscriptionChangesEnabled', true);
    trackFeatureFlag('subscriptionChangesEnabled', false);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((call) => call.body)).toEqual([
      { feature_flag_name: 'subscriptionChangesEnabled', feature_flag_value: true },
      { feature_flag_name: 'subscriptionChangesEnabled', feature_flag_value: false },
    ]);
  });
});
