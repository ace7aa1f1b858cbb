import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/** How long a host has to start what it serves, and to close it. */
const startMs = 120_000;
const closeMs = 30_000;

/**
 * `node script ...args` as a host for a test: a process that starts servers, prints one line of JSON
 * saying where they are (serveUntilStdinCloses), and runs until its stdin closes. Resolves with that
 * JSON and `close`, which stops the process and everything it started.
 *
 * The host leads a session of its own, as the `conform` runs it serves do (runConform): where the kernel
 * shares the cores by session (Linux's autogroup), its servers then get a share of their own, not a slice
 * of the test runner's, which its workers and every server in them split. Beside two busy processes in
 * sessions of their own, the fetch-service variants' hosts in the runner's session made
 * brokenServices.test.ts take 523 s; in sessions of their own, 356 s.
 */
export async function startHostProcess<T>(script: string, args: readonly string[], what: string): Promise<T & { close(): Promise<void> }> {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  const kill = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  };
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = once(child, 'exit');
  const close = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.stdin.end();
    const timer = setTimeout(kill, closeMs);
    await exited;
    clearTimeout(timer);
  };
  try {
    const lines = createInterface({ input: child.stdout });
    const first = await Promise.race([
      once(lines, 'line').then(([line]) => line as string),
      exited.then(([code]) => Promise.reject(new Error(`${what} exited (${String(code)}) before its servers started: ${stderr}`))),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} did not start within ${startMs / 1000} s: ${stderr}`)), startMs).unref()),
    ]);
    lines.close();
    return { ...(JSON.parse(first) as T), close };
  } catch (err) {
    kill();
    throw err;
  }
}

/**
 * The host's side: prints `info` as one line of JSON, then, once the test closes stdin (or its process
 * goes away), runs `close` and exits.
 */
export function serveUntilStdinCloses(info: unknown, close: () => Promise<unknown>): void {
  process.stdout.write(`${JSON.stringify(info)}\n`);
  process.stdin.resume();
  process.stdin.once('close', async () => {
    await close();
    process.exit(0);
  });
}
