/**
 * The Deno executable that the `deno` npm package installs: its per-platform package
 * (`@deno/linux-x64-glibc` here) ships the binary, so nothing is downloaded at run time and the
 * package's postinstall (a copy for its `bin` shim) is not needed.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

function platformPackage(): string {
  const os = process.platform === 'win32' ? 'win32' : process.platform;
  const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
  return os === 'linux' ? `@deno/linux-${arch}-glibc` : `@deno/${os}-${arch}`;
}

let resolved: string | undefined;

/** The absolute path of the deno binary; throws with what to install when it is missing. */
export function denoBinaryPath(): string {
  if (resolved) return resolved;
  const fromServer = createRequire(import.meta.url);
  // The platform package is the `deno` package's optional dependency: resolve it from there.
  const fromDeno = createRequire(fromServer.resolve('deno/package.json'));
  const name = platformPackage();
  const binary = path.join(path.dirname(fromDeno.resolve(`${name}/package.json`)), process.platform === 'win32' ? 'deno.exe' : 'deno');
  if (!existsSync(binary)) throw new Error(`The Deno binary is missing from ${name}: run npm install`);
  return (resolved = binary);
}
