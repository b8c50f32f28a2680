import { describe, expect, it } from 'vitest';
import { TrustedProxies } from './trusted-proxies.ts';

describe('TrustedProxies', () => {
  const proxies = TrustedProxies.fromEnv(' 10.0.0.0/8, 192.168.1.5 ,fd00::/8');

  it('takes addresses and CIDR ranges of both families, and refuses anything else', () => {
    expect(proxies.trusts('10.1.2.3')).toBe(true);
    expect(proxies.trusts('192.168.1.5')).toBe(true);
    expect(proxies.trusts('192.168.1.6')).toBe(false);
    expect(proxies.trusts('fd12::1')).toBe(true);
    expect(proxies.trusts('not an address')).toBe(false);
    expect(TrustedProxies.fromEnv(undefined).trusts('127.0.0.1')).toBe(false);
    for (const entry of ['localhost', '10.0.0.0/33', '10.0.0.0/8/1', '10.0.0.0/x', '::1/129']) {
      expect(() => TrustedProxies.fromEnv(entry)).toThrow(`BASIN_TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    }
  });

  it('believes X-Forwarded-For only from a trusted socket, taking the right-most untrusted hop', () => {
    expect(proxies.clientAddress('203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
    expect(proxies.clientAddress('10.0.0.1', undefined)).toBe('10.0.0.1');
    expect(proxies.clientAddress('10.0.0.1', '198.51.100.1')).toBe('198.51.100.1');
    expect(proxies.clientAddress('::ffff:10.0.0.1', 'spoofed, 198.51.100.1, 192.168.1.5')).toBe('198.51.100.1');
    // Every hop a proxy: the left-most is the client.
    expect(proxies.clientAddress('10.0.0.1', '10.0.0.7, 10.0.0.8')).toBe('10.0.0.7');
    // A hop that is no address ends the walk at the last proxy that wrote one.
    expect(proxies.clientAddress('10.0.0.1', 'unknown')).toBe('10.0.0.1');
  });
});
