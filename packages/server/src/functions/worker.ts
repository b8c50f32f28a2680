/**
 * One worker: a Deno process running one version of one function, listening on a Unix socket.
 * Requests are proxied to it over HTTP with their bodies streamed both ways. While it lives, the
 * platform reads its CPU time and memory from /proc and kills it when a request has used more
 * CPU than allowed or its memory grows past the limit; the requests it was serving then answer
 * 546. A request that takes longer than the wall-clock limit answers 504 (the worker lives on).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import http from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FunctionsConfig } from './config.ts';
import { accepts, track } from './child-processes.ts';
import { type Confinement, dirsSeenByWorker, sandboxedPid, type WorkerDirs, workerCommand } from './confinement.ts';
import { type FunctionErrorCode, functionError, type KillReason, killReasonText } from './errors.ts';
import { readUsage } from './process-usage.ts';
import { denoArgs, importHint, type SandboxSpec, workerFiles } from './sandbox.ts';

export type ConsoleEvent = {
  eventType: 'Boot' | 'Log' | 'Shutdown' | 'UncaughtException';
  level: 'log' | 'info' | 'warning' | 'error';
  message: string;
};

export interface WorkerSpec extends Omit<SandboxSpec, 'envNames' | 'limits' | 'dirs'> {
  /** The execution id: names the worker in the logs. */
  id: string;
  confinement: Confinement;
  /** The worker's directories on the host: its version's files (read-only to it) and its sockets. */
  dirs: WorkerDirs;
  env: Record<string, string>;
  /** Variables the worker's process gets but the function may not read (DENO_DIR...). */
  runtimeEnv: Record<string, string>;
  limits: FunctionsConfig;
  onConsole(event: ConsoleEvent): void;
  onExit(): void;
}

/** What the platform answered for the function, when it did. */
export interface Invocation {
  response: Response;
  errorCode: FunctionErrorCode | null;
  /** Resident memory of the worker when the answer started, in MB. */
  memoryUsedMb: number | null;
}

/** Console lines a worker may print per second; more are dropped and counted. */
const LINES_PER_SECOND = 200;
const LINE_MAX_CHARS = 10_000;
const STDERR_KEPT_LINES = 30;
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

interface Call {
  /** CPU time charged to this request: the worker's CPU time while it was in flight, shared among the requests in flight then. */
  cpuMs: number;
}

export class BootError extends Error {}

export class FunctionWorker {
  private child: ChildProcess | undefined;
  /** The process whose CPU time and memory are the function's (Deno's, inside the sandbox). */
  private usagePid: number | null = null;
  private readonly listenSocket: string;
  private readonly agent = new http.Agent({ keepAlive: true });
  private readonly calls = new Set<Call>();
  private readonly stderrTail: string[] = [];
  private watcher: NodeJS.Timeout | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  /** The worker's CPU time at the last reading, and what it used since the last request ended. */
  private cpuReadMs = 0;
  private idleCpuMs = 0;
  private killReason: KillReason | undefined;
  private outOfMemory = false;
  private lines = { second: 0, count: 0, dropped: 0 };
  private exitInfo: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private readonly exited: Promise<void>;
  private resolveExited!: () => void;
  rssMb: number | null = null;
  lastUsedAt = Date.now();
  /** Stop once idle: a newer version or new secrets took its place. */
  retired = false;

  constructor(readonly spec: WorkerSpec) {
    this.exited = new Promise((resolve) => (this.resolveExited = resolve));
    this.listenSocket = workerFiles(spec.dirs).listenSocket;
  }

  get inFlight(): number {
    return this.calls.size;
  }

  get alive(): boolean {
    return this.child !== undefined && this.exitInfo === undefined;
  }

  /** Spawns the process and waits until it listens; throws BootError with what it printed when it cannot. */
  async start(): Promise<void> {
    const { spec } = this;
    const started = performance.now();
    rmSync(this.listenSocket, { force: true }); // readiness is the socket accepting (below)
    const seen = dirsSeenByWorker(spec.confinement, spec.dirs);
    const command = workerCommand(spec.confinement, spec.dirs, denoArgs({ ...spec, dirs: seen, envNames: Object.keys(spec.env) }));
    // The environment goes to the process, never into its arguments (which any local user may read).
    const child = spawn(command.command, command.args, {
      env: { ...spec.runtimeEnv, ...spec.env },
      cwd: command.cwd,
      uid: command.uid,
      gid: command.gid,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    track(child);
    child.on('error', (error) => this.remember(`could not start deno: ${error.message}`));
    this.readLines(child.stdout!, 'log');
    this.readLines(child.stderr!, 'error');
    // 'close' comes after the output is read: the OOM line, if any, is known by then.
    child.on('close', (code, signal) => {
      this.exitInfo = { code, signal };
      clearInterval(this.watcher);
      clearTimeout(this.idleTimer);
      this.agent.destroy();
      const why = this.killReason ? ` (${killReasonText(this.killReason, spec.limits)})` : '';
      spec.onConsole({
        eventType: 'Shutdown',
        level:
          this.killReason && this.killReason !== 'idle' && this.killReason !== 'retired' && this.killReason !== 'shutdown'
            ? 'error'
            : 'log',
        message: `worker stopped${why}, exit ${signal ?? code}`,
      });
      this.resolveExited();
      spec.onExit();
    });

    const deadline = Date.now() + spec.limits.bootTimeoutMs;
    // The socket's file appears when Deno binds it, a moment before it listens: ready is accepting.
    while (!(existsSync(this.listenSocket) && (await accepts(this.listenSocket)))) {
      if (this.exitInfo) throw new BootError(this.bootFailure());
      if (Date.now() > deadline) {
        this.kill('boot-timeout');
        throw new BootError(`The function did not start listening within ${spec.limits.bootTimeoutMs / 1000} s`);
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    spec.onConsole({ eventType: 'Boot', level: 'log', message: `booted (time: ${Math.round(performance.now() - started)}ms)` });
    this.watcher = setInterval(() => this.watch(), spec.limits.watchIntervalMs).unref();
    this.usagePid = sandboxedPid(spec.confinement, child.pid!);
    this.cpuReadMs = (this.usagePid && readUsage(this.usagePid)?.cpuMs) || 0;
    this.scheduleIdleStop();
  }

  /** Proxies one request; never throws: failures answer the function error JSON. */
  handle(request: Request, path: string, clientIp: string): Promise<Invocation> {
    const { spec } = this;
    clearTimeout(this.idleTimer);
    this.lastUsedAt = Date.now();
    this.charge();
    this.idleCpuMs = 0;
    const call: Call = { cpuMs: 0 };
    this.calls.add(call);

    return new Promise<Invocation>((resolve) => {
      let answered = false;
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        clearTimeout(wallClock);
        this.charge();
        this.calls.delete(call);
        this.lastUsedAt = Date.now();
        if (this.calls.size === 0) this.scheduleIdleStop();
      };
      const answer = (code: FunctionErrorCode, message: string) => {
        if (answered) return;
        answered = true;
        finish();
        resolve({ response: functionError(code, message), errorCode: code, memoryUsedMb: this.rssMb });
      };

      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        if (!HOP_BY_HOP.has(name)) headers[name] = value;
      });
      headers['x-forwarded-for'] = clientIp;
      let upstream: http.ClientRequest;
      const wallClock = setTimeout(() => {
        const message = `The function did not finish within the wall-clock limit of ${spec.limits.wallClockMs / 1000} s`;
        spec.onConsole({ eventType: 'Log', level: 'error', message });
        if (!answered) answer('WORKER_TIMEOUT', message);
        upstream.destroy(new Error(message));
        finish();
      }, spec.limits.wallClockMs);
      try {
        upstream = http.request({ socketPath: this.listenSocket, agent: this.agent, method: request.method, path, headers });
      } catch (error) {
        // A path or header Node will not put on the wire (unescaped characters): the caller's mistake.
        answered = true;
        finish();
        resolve({ response: Response.json({ message: (error as Error).message }, { status: 400 }), errorCode: null, memoryUsedMb: null });
        return;
      }
      request.signal?.addEventListener('abort', () => upstream.destroy(), { once: true });

      upstream.on('response', (res) => {
        if (answered) {
          res.destroy();
          return;
        }
        answered = true;
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (value === undefined || HOP_BY_HOP.has(name)) continue;
          for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, item);
        }
        res.once('close', finish);
        res.once('end', finish);
        const status = res.statusCode ?? 502;
        const nullBody = NULL_BODY_STATUSES.has(status) || request.method === 'HEAD';
        if (nullBody) res.resume();
        const body = nullBody ? null : (Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>);
        resolve({ response: new Response(body, { status, headers: responseHeaders }), errorCode: null, memoryUsedMb: this.rssMb });
      });

      upstream.on('error', () => {
        if (answered) return finish();
        // The worker died under the request: wait a moment to learn why before answering.
        void Promise.race([this.exited, new Promise((r) => setTimeout(r, 500))]).then(() => {
          const failure = this.failureOfRequest();
          answer(failure.code, failure.message);
        });
      });

      if (request.body && request.method !== 'GET' && request.method !== 'HEAD') {
        const body = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>);
        body.on('error', () => upstream.destroy());
        body.pipe(upstream);
      } else {
        upstream.end();
      }
    });
  }

  /** Stops the process: at once (SIGKILL) for a limit, else SIGTERM and SIGKILL a second later. */
  kill(reason: KillReason): void {
    if (!this.child || this.exitInfo) return;
    this.killReason ??= reason;
    const graceful = reason === 'idle' || reason === 'retired' || reason === 'shutdown';
    this.child.kill(graceful ? 'SIGTERM' : 'SIGKILL');
    if (graceful) setTimeout(() => this.exitInfo || this.child?.kill('SIGKILL'), 1000).unref();
  }

  /** Stops the worker and waits for its process to end. */
  async stop(reason: KillReason = 'shutdown'): Promise<void> {
    if (!this.child) return;
    this.kill(reason);
    await this.exited;
  }

  /** Ends the worker once its current requests are done. */
  retire(): void {
    this.retired = true;
    if (this.calls.size === 0) this.kill('retired');
  }

  private scheduleIdleStop(): void {
    clearTimeout(this.idleTimer);
    if (this.retired) return this.kill('retired');
    this.idleTimer = setTimeout(() => this.calls.size === 0 && this.kill('idle'), this.spec.limits.idleTimeoutMs).unref();
  }

  /** Shares the CPU time used since the last reading among the requests in flight (or counts it as idle work). */
  private charge(): void {
    const pid = this.usagePid;
    if (!pid || this.exitInfo) return;
    const usage = readUsage(pid);
    if (!usage) return;
    this.rssMb = usage.rssMb;
    const used = Math.max(0, usage.cpuMs - this.cpuReadMs);
    this.cpuReadMs = usage.cpuMs;
    if (this.calls.size === 0) this.idleCpuMs += used;
    else for (const call of this.calls) call.cpuMs += used / this.calls.size;
  }

  private watch(): void {
    this.charge();
    const { cpuTimeMs, rssLimitMb } = this.spec.limits;
    if (this.rssMb !== null && this.rssMb > rssLimitMb) return this.kill('memory');
    // Work left running after the answers (timers, unawaited loops) has the same budget as a request.
    if (this.idleCpuMs > cpuTimeMs) return this.kill('cpu');
    for (const call of this.calls) if (call.cpuMs > cpuTimeMs) return this.kill('cpu');
  }

  /** Why a request lost its worker. */
  private failureOfRequest(): { code: FunctionErrorCode; message: string } {
    if (this.outOfMemory || this.killReason === 'memory') {
      return { code: 'WORKER_LIMIT', message: `The function was stopped: memory limit reached (${this.spec.limits.memoryMb} MB heap)` };
    }
    if (this.killReason === 'cpu') {
      return {
        code: 'WORKER_LIMIT',
        message: `The function was stopped: CPU time limit of ${this.spec.limits.cpuTimeMs} ms per request reached`,
      };
    }
    if (this.exitInfo) {
      const last = this.lastError();
      return {
        code: 'WORKER_ERROR',
        message: `The function's worker exited while handling the request (${this.exitInfo.signal ?? `exit code ${this.exitInfo.code}`})${last ? `: ${last}` : ''}`,
      };
    }
    return { code: 'WORKER_ERROR', message: 'The function closed the connection without answering' };
  }

  private bootFailure(): string {
    const output = this.stderrTail
      .filter((line) => line.trim())
      .slice(-8)
      .join('\n')
      .slice(-2000);
    const hint = importHint(output);
    return [`The function failed to start${output ? `:\n${output}` : ` (exit ${this.exitInfo?.signal ?? this.exitInfo?.code})`}`, hint]
      .filter(Boolean)
      .join('\n');
  }

  private lastError(): string | undefined {
    return this.stderrTail
      .filter((line) => line.trim() && !line.startsWith(' '))
      .at(-1)
      ?.slice(0, 500);
  }

  private remember(line: string): void {
    this.stderrTail.push(line);
    if (this.stderrTail.length > STDERR_KEPT_LINES) this.stderrTail.shift();
  }

  private readLines(stream: NodeJS.ReadableStream, level: 'log' | 'error'): void {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      if (partial.length > LINE_MAX_CHARS) {
        lines.push(partial);
        partial = '';
      }
      for (const line of lines) this.line(line, level);
    });
    stream.on('end', () => partial && this.line(partial, level));
  }

  private line(raw: string, level: 'log' | 'error'): void {
    const line = raw.slice(0, LINE_MAX_CHARS);
    if (level === 'error') this.remember(line);
    if (/Fatal JavaScript out of memory|Fatal process out of memory/.test(line)) {
      this.outOfMemory = true;
      this.spec.onConsole({ eventType: 'UncaughtException', level: 'error', message: line.replace(/^#\s*/, '') });
      return;
    }
    if (this.outOfMemory) return; // V8's stack dump after the OOM line says nothing to the function's author
    const second = Math.floor(Date.now() / 1000);
    if (second !== this.lines.second) {
      if (this.lines.dropped)
        this.spec.onConsole({
          eventType: 'Log',
          level: 'warning',
          message: `${this.lines.dropped} log lines dropped (at most ${LINES_PER_SECOND} a second)`,
        });
      this.lines = { second, count: 0, dropped: 0 };
    }
    if (++this.lines.count > LINES_PER_SECOND) {
      this.lines.dropped++;
      return;
    }
    const uncaught = level === 'error' && /^(error: )?Uncaught/.test(line);
    this.spec.onConsole({ eventType: uncaught ? 'UncaughtException' : 'Log', level, message: line });
  }
}
