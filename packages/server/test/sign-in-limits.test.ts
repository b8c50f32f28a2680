import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrustedProxies } from '../src/trusted-proxies.ts';
import { startTestPlatform, uniqueEmail } from './harness.ts';

type TestPlatform = Awaited<ReturnType<typeof startTestPlatform>>;
const LIMIT = 3;

/** Behind a reverse proxy on this machine (the tests' socket address is 127.0.0.1), and without one. */
let proxied: TestPlatform;
let direct: TestPlatform;

beforeAll(async () => {
  proxied = await startTestPlatform({ signInAttemptsPerMinute: LIMIT, trustedProxies: new TrustedProxies(['127.0.0.0/8']) });
  direct = await startTestPlatform({ signInAttemptsPerMinute: LIMIT });
});
afterAll(async () => {
  await proxied?.destroy();
  await direct?.destroy();
});

/** The status of one wrong-password sign-in, as relayed by a proxy that saw `forwardedFor`. */
async function attempt(platform: TestPlatform, email: string, forwardedFor: string): Promise<number> {
  const response = await fetch(`${platform.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: platform.url, 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email, password: 'not the password' }),
  });
  return response.status;
}

async function attempts(
  platform: TestPlatform,
  count: number,
  email: () => string,
  forwardedFor: (i: number) => string,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push(await attempt(platform, email(), forwardedFor(i)));
  return statuses;
}

describe('sign-in limits', () => {
  it('behind a trusted proxy, gives each client its own budget, from the right-most address the proxy wrote', async () => {
    const first = await attempts(
      proxied,
      LIMIT + 1,
      () => uniqueEmail('first'),
      () => '203.0.113.1',
    );
    expect(first).toEqual([401, 401, 401, 429]);
    // A client writing addresses of its own in front changes nothing: the proxy appended the real one.
    expect(await attempt(proxied, uniqueEmail('first'), '198.51.100.99, 203.0.113.1')).toBe(429);
    expect(await attempt(proxied, uniqueEmail('second'), '203.0.113.2')).toBe(401);
  });

  it('ignores X-Forwarded-For from a socket it does not trust', async () => {
    const statuses = await attempts(
      direct,
      LIMIT + 1,
      () => uniqueEmail('spoof'),
      (i) => `192.0.2.${i + 1}`,
    );
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('limits attempts on one account from many addresses', async () => {
    const email = uniqueEmail('target');
    const statuses = await attempts(
      proxied,
      LIMIT + 2,
      () => email,
      (i) => `198.51.100.${i + 1}`,
    );
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // Another account, from one of those addresses, is not held back.
    expect(await attempt(proxied, uniqueEmail('other'), '198.51.100.1')).toBe(401);
    // Nor is the account's email written differently a new one.
    expect(await attempt(proxied, ` ${email.toUpperCase()} `, '198.51.100.50')).toBe(429);
  });
});
