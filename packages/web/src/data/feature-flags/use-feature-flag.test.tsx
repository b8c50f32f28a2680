import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { FEATURE_FLAG_DEFAULTS } from '@basin/core';
import { json, mockApi } from '../../test/mock-api';
import { createQueryClient } from '../query-client';
import { useFeatureFlag } from './use-feature-flag';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient({ retry: false })}>{children}</QueryClientProvider>;
}

describe('useFeatureFlag', () => {
  it("reads the organization's flags with a slug and the install's without, tracking what it read", async () => {
    const { calls } = mockApi({
      'GET /api/platform/organizations/acme/feature-flags': json({ ...FEATURE_FLAG_DEFAULTS, assistantEnabled: false }),
      'GET /api/platform/feature-flags': json(FEATURE_FLAG_DEFAULTS),
      'POST /api/platform/telemetry/feature-flags/track': { status: 204 },
    });
    const org = renderHook(() => useFeatureFlag('assistantEnabled', 'acme'), { wrapper });
    expect(org.result.current).toBeUndefined();
    await waitFor(() => expect(org.result.current).toBe(false));
    const install = renderHook(() => useFeatureFlag('assistantEnabled'), { wrapper });
    await waitFor(() => expect(install.result.current).toBe(true));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { feature_flag_name: 'assistantEnabled', feature_flag_value: false },
        { feature_flag_name: 'assistantEnabled', feature_flag_value: true },
      ]),
    );
  });

  it("falls back to the code's default when the flags cannot be read", async () => {
    mockApi({ 'GET /api/platform/organizations/acme/feature-flags': json({ message: 'down' }, 500) });
    const { result } = renderHook(() => useFeatureFlag('showPostgresVersionSelector', 'acme'), { wrapper });
    await waitFor(() => expect(result.current).toBe(FEATURE_FLAG_DEFAULTS.showPostgresVersionSelector));
  });
});
