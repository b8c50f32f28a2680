import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthSettingsRow } from '../../store/auth-settings.ts';
import { AUTH_SETTINGS_TTL_MS, cachedAuthSettings, forgetAuthSettings } from './auth-settings-cache.ts';
import type { PlatformContext } from '../../kernel/context.ts';

/** A context whose store answers the given rows in turn, counting the reads. */
function fakeContext(...answers: (Partial<AuthSettingsRow> | Error)[]) {
  let reads = 0;
  const query = vi.fn(async () => {
    const answer = answers[Math.min(reads, answers.length - 1)];
    reads += 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (answer instanceof Error) throw answer;
    return { rows: [answer] };
  });
  return { ctx: { db: { query } } as unknown as PlatformContext, query };
}

describe('cachedAuthSettings', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shares one read between concurrent callers and keeps it for 2 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { ctx, query } = fakeContext({ site_url: 'https://a.example' }, { site_url: 'https://b.example' });
    const [first, second] = await Promise.all([cachedAuthSettings(ctx, 'ref1'), cachedAuthSettings(ctx, 'ref1')]);
    expect(first).toBe(second);
    expect(first.site_url).toBe('https://a.example');
    vi.advanceTimersByTime(AUTH_SETTINGS_TTL_MS - 10);
    expect((await cachedAuthSettings(ctx, 'ref1')).site_url).toBe('https://a.example');
    expect(query).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10);
    expect((await cachedAuthSettings(ctx, 'ref1')).site_url).toBe('https://b.example');
    expect(query).toHaveBeenCalledTimes(2);
    forgetAuthSettings('ref1');
  });

  it('reads again at once after forgetAuthSettings', async () => {
    const { ctx, query } = fakeContext({ jwt_exp: 3600 }, { jwt_exp: 60 });
    expect((await cachedAuthSettings(ctx, 'ref2')).jwt_exp).toBe(3600);
    forgetAuthSettings('ref2');
    expect((await cachedAuthSettings(ctx, 'ref2')).jwt_exp).toBe(60);
    expect(query).toHaveBeenCalledTimes(2);
    forgetAuthSettings('ref2');
  });

  it('keeps projects and platforms apart', async () => {
    const a = fakeContext({ site_url: 'https://a.example' });
    const b = fakeContext({ site_url: 'https://b.example' });
    expect((await cachedAuthSettings(a.ctx, 'ref3')).site_url).toBe('https://a.example');
    expect((await cachedAuthSettings(b.ctx, 'ref3')).site_url).toBe('https://b.example');
    expect((await cachedAuthSettings(a.ctx, 'ref4')).site_url).toBe('https://a.example');
    expect(a.query).toHaveBeenCalledTimes(2);
    forgetAuthSettings('ref3');
    forgetAuthSettings('ref4');
  });

  it('does not keep a failed read', async () => {
    const { ctx, query } = fakeContext(new Error('connection lost'), { jwt_exp: 3600 });
    await expect(cachedAuthSettings(ctx, 'ref5')).rejects.toThrow('connection lost');
    expect((await cachedAuthSettings(ctx, 'ref5')).jwt_exp).toBe(3600);
    expect(query).toHaveBeenCalledTimes(2);
    forgetAuthSettings('ref5');
  });
});
