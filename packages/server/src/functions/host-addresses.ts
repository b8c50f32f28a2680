import os from 'node:os';

/**
 * What a function may not reach on the network: the machine itself, by any of its names or
 * addresses (the platform, its metadata Postgres, the projects' instances and whatever else
 * listens here), and the link-local range where clouds answer instance metadata. Deno checks
 * the address a name resolves to as well, so `localhost` or a DNS name pointing here is refused
 * too. IPv6 ranges cannot be given to --deny-net, so each interface address is listed.
 */
export function deniedHosts(): string[] {
  const own = new Set<string>(['127.0.0.0/8', '0.0.0.0/8', '169.254.0.0/16', '[::1]', '[::]', 'localhost', os.hostname()]);
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const a of addresses ?? []) own.add(a.family === 'IPv6' ? `[${a.address.replace(/%.*$/, '')}]` : a.address);
  }
  return [...own].filter((host) => host && !host.includes(','));
}
