import { BlockList, isIP } from 'node:net';

/**
 * The reverse proxies (addresses and CIDR ranges, BASIN_TRUSTED_PROXIES) whose X-Forwarded-For
 * Basin believes. Behind one, every request comes from the proxy's address, so the client's
 * address (which sign-in limits key on) has to come from the header, but only from a proxy.
 */
export class TrustedProxies {
  readonly #list = new BlockList();

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const [address = '', prefix, ...rest] = entry.split('/');
      const family = isIP(address);
      const bits = Number(prefix);
      const maxBits = family === 6 ? 128 : 32;
      if (!family || rest.length || (prefix !== undefined && !(/^\d+$/.test(prefix) && bits <= maxBits))) {
        throw new Error(`BASIN_TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
      }
      const type = family === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) this.#list.addAddress(address, type);
      else this.#list.addSubnet(address, bits, type);
    }
  }

  /** BASIN_TRUSTED_PROXIES is comma-separated; none by default. */
  static fromEnv(value: string | undefined): TrustedProxies {
    return new TrustedProxies(
      (value ?? '')
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean),
    );
  }

  trusts(address: string): boolean {
    const family = isIP(address);
    return family !== 0 && this.#list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  }

  /**
   * The socket's address, unless a trusted proxy connected: then the right-most X-Forwarded-For
   * entry that is not a trusted proxy (each proxy appends who connected to it; entries further
   * left were written by the client and prove nothing). A malformed entry stops the walk there.
   */
  clientAddress(socketAddress: string, forwardedFor: string | undefined): string {
    let client = unmapped(socketAddress);
    if (!forwardedFor || !this.trusts(client)) return client;
    const hops = forwardedFor.split(',').map((hop) => unmapped(hop.trim()));
    for (const hop of hops.reverse()) {
      if (!isIP(hop)) return client;
      client = hop;
      if (!this.trusts(hop)) return hop;
    }
    return client;
  }
}

/** IPv4 clients of a dual-stack socket show up as ::ffff:a.b.c.d. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}
