/**
 * The platform's edge function workers: at most one warm worker per function version (and set
 * of secrets), started by the first request, reused while requests come, stopped when idle or
 * when a newer version or new secrets replace it. Each worker gets its own Unix socket to the
 * project's API (the gateway), since the sandbox denies every address of this machine.
 *
 * Workers' files live outside the data directory (which only Basin's user may enter), in a run
 * directory the workers' user may enter but not list: versions under a random name, each worker's
 * sockets in a directory of its own.
 */
import { getRequestListener } from '@hono/node-server';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { chownSync, mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { PlatformContext } from '../kernel/context.ts';
import { batchedLog } from '../services/observability/log-batches.ts';
import * as logs from '../store/functions-logs.ts';
import type { FunctionRoute } from '../store/functions.ts';
import * as functionsStore from '../store/functions.ts';
import { ensureBundle, removeBundles } from './bundle.ts';
import { type Confinement, detectConfinement, makeRunRoot, makeWorkerRunDir } from './confinement.ts';
import { functionError } from './errors.ts';
import { deniedHosts } from './host-addresses.ts';
import { workerFiles } from './sandbox.ts';
import { BootError, FunctionWorker, type Invocation } from './worker.ts';

/** Serves a request to the project's API as the gateway would (set by the gateway, http/gateway.ts). */
export type GatewayFetch = (request: Request, ref: string) => Promise<Response>;

export const recordConsole = batchedLog<logs.ConsoleEntry>({ name: 'function log', insertMany: logs.insertConsole });

const BOOT_RETRY_AFTER_MS = 1000;

interface Entry {
  key: string;
  prefix: string;
  worker: Promise<FunctionWorker>;
}

export interface WorkerInvocation extends Invocation {
  executionId: string | null;
}

export class FunctionsRuntime {
  private readonly entries = new Map<string, Entry>();
  private run: { root: string; bundles: string; confinement: Promise<Confinement> } | undefined;
  private gateway: GatewayFetch | undefined;
  private readonly denied = deniedHosts();
  private stopping = false;

  constructor(private readonly ctx: PlatformContext) {}

  setGateway(fetch: GatewayFetch): void {
    this.gateway = fetch;
  }

  /** How workers run on this machine, worked out once (the first call logs it). */
  confinement(): Promise<Confinement> {
    return this.runDirs().confinement;
  }

  /** How many workers are running or starting (tests and the bench read it). */
  get size(): number {
    return this.entries.size;
  }

  /** Runs the request on a warm worker of this version, starting one if there is none. */
  async invoke(
    ref: string,
    route: FunctionRoute,
    env: { values: Record<string, string>; fingerprint: string },
    request: Request,
    path: string,
    clientIp: string,
  ): Promise<WorkerInvocation> {
    const confinement = await this.confinement();
    if (confinement.mode === 'unavailable') {
      const message = `Edge functions cannot run on this server: ${confinement.reason}`;
      return { response: functionError('BOOT_ERROR', message), errorCode: 'BOOT_ERROR', memoryUsedMb: null, executionId: null };
    }
    const prefix = `${ref}/${route.slug}/`;
    const key = `${prefix}${route.version}/${env.fingerprint}`;
    for (let attempt = 0; ; attempt++) {
      if (!this.entries.has(key)) await this.makeRoom();
      // Looked up after that wait: concurrent first requests must all find the one worker started.
      let entry = this.entries.get(key);
      if (!entry) {
        for (const other of this.entries.values())
          if (other.prefix === prefix)
            void other.worker.then(
              (w) => w.retire(),
              () => {},
            );
        entry = { key, prefix, worker: this.startWorker(ref, route, env.values) };
        this.entries.set(key, entry);
        const started = entry;
        // A function that cannot boot answers its boot error for a second before the next try:
        // a flood of requests to it does not become a flood of processes.
        entry.worker.catch(() => setTimeout(() => this.forget(started), BOOT_RETRY_AFTER_MS).unref());
      }
      let worker: FunctionWorker;
      try {
        worker = await entry.worker;
      } catch (error) {
        if (!(error instanceof BootError)) throw error;
        return { response: functionError('BOOT_ERROR', error.message), errorCode: 'BOOT_ERROR', memoryUsedMb: null, executionId: null };
      }
      // A worker that ended between its last request and this one: start another once.
      if (!worker.alive && attempt === 0) {
        this.forget(entry);
        continue;
      }
      return { ...(await worker.handle(request, path, clientIp)), executionId: worker.spec.id };
    }
  }

  /** A function changed (deploy, settings, deletion): its workers end once their requests are done. */
  retire(ref: string, slug?: string): void {
    const prefix = slug ? `${ref}/${slug}/` : `${ref}/`;
    for (const entry of [...this.entries.values()]) {
      if (!entry.key.startsWith(prefix)) continue;
      this.entries.delete(entry.key);
      void entry.worker.then(
        (w) => w.retire(),
        () => {},
      );
    }
  }

  /** Where a project's function versions are written for its workers. */
  versionsDir(ref: string): string {
    return path.join(this.runDirs().bundles, ref);
  }

  /** A deleted project: its workers end and its versions' files go. */
  async removeProject(ref: string): Promise<void> {
    this.retire(ref);
    await removeBundles(this.runDirs().bundles, ref);
  }

  async stopAll(): Promise<void> {
    this.stopping = true;
    const workers = [...this.entries.values()].map((e) => e.worker);
    this.entries.clear();
    await Promise.all(
      workers.map((w) =>
        w.then(
          (worker) => worker.stop('shutdown'),
          () => {},
        ),
      ),
    );
    if (this.run) rmSync(this.run.root, { recursive: true, force: true });
  }

  private forget(entry: Entry): void {
    if (this.entries.get(entry.key) === entry) this.entries.delete(entry.key);
  }

  /** Stops the least recently used idle worker when the limit is reached. */
  private async makeRoom(): Promise<void> {
    if (this.entries.size < this.ctx.config.functions.maxWorkers) return;
    const settled = await Promise.all(
      [...this.entries.values()].map((e) =>
        e.worker.then(
          (w) => ({ e, w }),
          () => undefined,
        ),
      ),
    );
    const idle = settled.filter((s) => s && s.w.inFlight === 0).sort((a, b) => a!.w.lastUsedAt - b!.w.lastUsedAt)[0];
    if (!idle) return;
    this.forget(idle.e);
    idle.w.kill('idle');
  }

  private runDirs() {
    if (this.run) return this.run;
    const root = makeRunRoot();
    const bundles = path.join(root, randomBytes(16).toString('hex'));
    mkdirSync(bundles, { mode: 0o711 });
    // Versions were kept in the data directory before workers were confined: that copy is no longer read.
    rmSync(path.join(this.ctx.config.dataDir, 'functions'), { recursive: true, force: true });
    const confinement = detectConfinement(this.ctx.config.functions, root).then((found) => {
      if (found.mode === 'unavailable') this.ctx.logger.error({ reason: found.reason }, 'edge functions will not run: no sandbox');
      else if (found.mode === 'off') this.ctx.logger.warn('edge functions run without the OS sandbox (BASIN_FUNCTIONS_SANDBOX=off)');
      else this.ctx.logger.info({ uid: found.worker?.uid }, 'edge functions run inside bubblewrap');
      return found;
    });
    return (this.run = { root, bundles, confinement });
  }

  private async startWorker(ref: string, route: FunctionRoute, env: Record<string, string>): Promise<FunctionWorker> {
    if (this.stopping) throw new Error('The platform is stopping');
    const { ctx } = this;
    const run = this.runDirs();
    const confinement = await run.confinement;
    const bundle = await ensureBundle(
      run.bundles,
      { ref, slug: route.slug, version: route.version, entrypointPath: route.entrypoint_path },
      () => functionsStore.versionFiles(ctx.db, route.id, route.version),
    );
    const id = randomUUID();
    const runDir = makeWorkerRunDir(path.join(run.root, id.slice(0, 13)), confinement);
    const { gatewaySocket } = workerFiles({ functionDir: bundle.dir, runDir });
    const egress = await this.listenForGateway(gatewaySocket, ref);
    // Connecting to a Unix socket takes write access to it: the worker's user gets the one it talks through.
    if (confinement.mode === 'bwrap' && confinement.worker) chownSync(gatewaySocket, confinement.worker.uid, confinement.worker.gid);
    const worker = new FunctionWorker({
      id,
      confinement,
      dirs: { functionDir: bundle.dir, runDir },
      importMapPath: route.import_map_path,
      deniedHosts: this.denied,
      env,
      // Inside the sandbox DENO_DIR (the transpile and download cache) is the worker's private /tmp.
      runtimeEnv: {
        DENO_DIR: confinement.mode === 'bwrap' ? '/tmp/deno' : path.join(run.bundles, '.deno'),
        NO_COLOR: '1',
        DENO_NO_UPDATE_CHECK: '1',
        DENO_NO_PROMPT: '1',
      },
      limits: ctx.config.functions,
      onConsole: (event) =>
        recordConsole(ctx, {
          at: new Date(),
          ref,
          functionId: route.id,
          slug: route.slug,
          version: route.version,
          executionId: id,
          eventType: event.eventType,
          level: event.level,
          message: event.message,
        }),
      onExit: () => {
        egress.close();
        rmSync(runDir, { recursive: true, force: true });
        for (const entry of this.entries.values())
          void entry.worker.then(
            (w) => w === worker && this.forget(entry),
            () => {},
          );
      },
    });
    try {
      await worker.start();
    } catch (error) {
      egress.close();
      rmSync(runDir, { recursive: true, force: true });
      throw error;
    }
    return worker;
  }

  /** The worker's way to its project's API: requests on this socket go to the gateway as `ref`'s. */
  private listenForGateway(socketPath: string, ref: string): Promise<http.Server> {
    const server = http.createServer(
      getRequestListener(async (request: Request) => {
        if (!this.gateway) return Response.json({ message: 'The project API is not available to functions' }, { status: 503 });
        return this.gateway(request, ref);
      }),
    );
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve(server));
    });
  }
}

const runtimes = new WeakMap<PlatformContext, FunctionsRuntime>();

/** The platform's one runtime. */
export function functionsRuntime(ctx: PlatformContext): FunctionsRuntime {
  let runtime = runtimes.get(ctx);
  if (!runtime) runtimes.set(ctx, (runtime = new FunctionsRuntime(ctx)));
  return runtime;
}

/** Stops every worker of the platform (its shutdown). */
export async function stopFunctions(ctx: PlatformContext): Promise<void> {
  await runtimes.get(ctx)?.stopAll();
}

/** A short digest of the worker's environment: new secrets or keys mean a new worker. */
export const envFingerprint = (env: Record<string, string>) =>
  createHash('sha256')
    .update(JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b))))
    .digest('base64url')
    .slice(0, 16);
