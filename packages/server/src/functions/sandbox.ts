/**
 * The deno command line of a worker: Deno's permission flags, the sandbox's inner layer (the
 * operating system's wall around it is confinement.ts). The function may read its own bundle and
 * nothing else, write nothing but its two sockets, read only the environment variables it is
 * given, reach the internet but no address of this machine (the project's API goes through the
 * platform's socket, see bootstrap.ts), and run no subprocess and no native code. Its heap is
 * capped; CPU time and wall-clock time are watched by the platform.
 */
import path from 'node:path';
import { MAIN_FILE } from './bootstrap.ts';
import type { FunctionsConfig } from './config.ts';
import type { WorkerDirs } from './confinement.ts';

/** The files a worker names, under its two directories (the host's or the sandbox's view of them). */
export function workerFiles(dirs: WorkerDirs) {
  return {
    bundleDir: path.join(dirs.functionDir, 'bundle'),
    mainFile: path.join(dirs.functionDir, MAIN_FILE),
    listenSocket: path.join(dirs.runDir, 'worker.sock'),
    gatewaySocket: path.join(dirs.runDir, 'gateway.sock'),
  };
}

export interface SandboxSpec {
  /** The worker's directories as the worker sees them. */
  dirs: WorkerDirs;
  importMapPath: string | null;
  envNames: string[];
  deniedHosts: string[];
  limits: Pick<FunctionsConfig, 'memoryMb' | 'remoteImports'>;
}

export function denoArgs(spec: SandboxSpec): string[] {
  const { bundleDir, mainFile, listenSocket, gatewaySocket } = workerFiles(spec.dirs);
  const args = [
    'run',
    '--no-prompt',
    '--no-config',
    '--no-lock',
    `--v8-flags=--max-old-space-size=${spec.limits.memoryMb}`,
    `--allow-read=${[bundleDir, listenSocket, gatewaySocket].join(',')}`,
    // Unix sockets take write access to their path (listening, and connecting to the platform's); nothing else is writable.
    `--allow-write=${listenSocket},${gatewaySocket}`,
    // request.signal aborts when the caller goes away, not when the answer is sent (Deno's coming default).
    '--unstable-no-legacy-abort',
    '--allow-net',
    `--deny-net=${spec.deniedHosts.join(',')}`,
    '--deny-run',
    '--deny-ffi',
    '--deny-sys',
  ];
  if (spec.envNames.length) args.push(`--allow-env=${spec.envNames.join(',')}`);
  if (!spec.limits.remoteImports) args.push('--no-remote', '--no-npm');
  else args.push('--node-modules-dir=none');
  if (spec.importMapPath) args.push(`--import-map=${path.join(bundleDir, spec.importMapPath)}`);
  args.push(mainFile, listenSocket, gatewaySocket, spec.envNames.join(','));
  return args;
}

/** What a boot error says about imports that need the network, when remote imports are off. */
export function importHint(stderr: string): string | undefined {
  if (/--no-remote|--no-npm|npm specifiers|not found in cache|--cached-only/i.test(stderr)) {
    return 'Imports from npm:, jsr: and URLs need the network, which this install does not give functions (BASIN_FUNCTIONS_REMOTE_IMPORTS=1 allows it): deploy the modules with the function and import them by relative path';
  }
  return undefined;
}
