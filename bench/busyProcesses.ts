import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Processes that keep a core busy each (`node -e 'for(;;){}'`), for benchmarks that measure beside load
 * as a shared machine or a CI runner has it. Resolves once every one has started.
 */
export async function startBusy(n: number): Promise<ChildProcess[]> {
  const busy = Array.from({ length: n }, () => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
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
