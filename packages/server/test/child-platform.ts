import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import getPort from 'get-port';

const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');

/** `npm start`'s server in its own process, so that a test can Ctrl+C it or kill it outright. */
export class ChildPlatform {
  private constructor(
    readonly process: ChildProcess,
    readonly url: string,
    private readonly output: string[],
  ) {}

  /** `nodeArgs` go to Node before the script (for example `--cpu-prof`, which NODE_OPTIONS refuses). */
  static async start(dataDir: string, port?: number, env: NodeJS.ProcessEnv = {}, nodeArgs: string[] = []): Promise<ChildPlatform> {
    port ??= await getPort({ host: '127.0.0.1' });
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', MAIN], {
      env: { ...process.env, BASIN_DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    const url = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output.push(chunk.toString());
        const match = /Basin is running at (\S+)/.exec(output.join(''));
        if (match) resolve(match[1]!);
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.once('exit', (code) => reject(new Error(`platform exited with ${code}:\n${output.join('')}`)));
    });
    return new ChildPlatform(child, url, output);
  }

  /** Ctrl+C, and the exit code once it stopped. */
  interrupt(): Promise<number | null> {
    return this.stop('SIGINT');
  }

  /** A crash: no chance to stop anything. */
  kill(): Promise<number | null> {
    return this.stop('SIGKILL');
  }

  get log(): string {
    return this.output.join('');
  }

  private stop(signal: NodeJS.Signals): Promise<number | null> {
    const exited = this.process.exitCode !== null || this.process.signalCode !== null;
    if (exited) return Promise.resolve(this.process.exitCode);
    return new Promise((resolve) => {
      this.process.once('exit', (code) => resolve(code));
      this.process.kill(signal);
    });
  }
}
