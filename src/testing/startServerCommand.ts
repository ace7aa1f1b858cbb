import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const conformBin = fileURLToPath(new URL('../../bin/conform.js', import.meta.url));

export interface StartedServerCommand {
  /** The process the test started (and kills): conform itself, or the shell that runs it. */
  launcher: ChildProcess;
  /** Every loopback port the command printed once ready. */
  ports: number[];
  /** Ends whatever is left of the process group the test started, orphans included. */
  cleanUp(): void;
}

/**
 * Starts a server command (`mock …`, `origin`, `serve …`) the way a user does, and resolves once it has
 * printed `ready`: `argv` is what to spawn (node and bin/conform.js, or a launcher such as `sh -c`, as
 * npx runs commands). It gets a process group of its own, so a test can end everything it started.
 */
export async function startServerCommand(argv: string[], ready: RegExp, options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<StartedServerCommand> {
  const launcher = spawn(argv[0]!, argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], detached: true, cwd: options.cwd, env: options.env ?? process.env });
  const cleanUp = (): void => {
    try {
      process.kill(-launcher.pid!, 'SIGKILL');
    } catch {
      // The group is gone already.
    }
  };
  let out = '';
  let err = '';
  launcher.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  launcher.stdout!.setEncoding('utf8');
  try {
    await new Promise<void>((resolve, reject) => {
      launcher.stdout!.on('data', (d: string) => {
        out += d;
        if (ready.test(out)) resolve();
      });
      launcher.once('exit', (code) => reject(new Error(`${argv.join(' ')} exited ${code} before it was ready: ${err}${out}`)));
    });
  } catch (e) {
    cleanUp();
    throw e;
  }
  const ports = [...new Set([...out.matchAll(/https?:\/\/127\.0\.0\.1:(\d+)/g)].map((m) => Number(m[1])))];
  return { launcher, ports, cleanUp };
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Resolves once nothing accepts connections on any of `ports`: the event a stopped server ends with.
 * There is no event to wait on from outside the process, so it tries again until refused; the test's
 * timeout bounds the wait.
 */
export async function untilRefused(ports: readonly number[]): Promise<void> {
  for (const port of ports) while (await accepts(port)) await delay(50);
}

/** Resolves when `child` has exited, with its exit code and signal. */
export async function exitOf(child: ChildProcess): Promise<[number | null, NodeJS.Signals | null]> {
  if (child.exitCode !== null || child.signalCode !== null) return [child.exitCode, child.signalCode];
  return (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
}
