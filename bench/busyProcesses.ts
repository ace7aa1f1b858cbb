import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A loop that keeps a core busy, and stops once its parent is gone (a bench stopped by Ctrl-C does not
 * reach stopBusy, and the loop is in a session of its own, out of reach of the terminal's signal).
 */
const loop = 'const parent = Number(process.argv[1]); for (let i = 0; ; i++) if ((i & 0xffffff) === 0) try { process.kill(parent, 0); } catch { process.exit(0); }';

/**
 * Processes that keep a core busy each, for benchmarks that measure beside load as a shared machine or a
 * CI runner has it: each in a session of its own, as other jobs on such a machine are. Where the kernel
 * shares the cores by session (Linux's autogroup) that is the harder case: two busy processes in the
 * benchmark's own session take a smaller share (the tests of one tree took 536 s beside two in their session, 649 s
 * beside two in sessions of their own). Resolves once every one has started.
 */
export async function startBusy(n: number): Promise<ChildProcess[]> {
  const busy = Array.from({ length: n }, () => spawn(process.execPath, ['-e', loop, String(process.pid)], { stdio: 'ignore', detached: true }));
  await Promise.all(busy.map((child) => new Promise((resolve, reject) => child.once('spawn', resolve).once('error', reject))));
  return busy;
}

/** Stops the busy processes and waits until each is gone. */
export async function stopBusy(busy: readonly ChildProcess[]): Promise<void> {
  await Promise.all(
    busy.map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await gone;
    }),
  );
}
