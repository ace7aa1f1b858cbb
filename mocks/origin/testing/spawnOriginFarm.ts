import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { FarmInfo } from '../FarmRoute.ts';

export interface SpawnedFarm {
  info: FarmInfo;
  child: ChildProcess;
  /** A `Vm*` field of /proc/PID/status in bytes (Linux): VmRSS now, VmHWM the peak so far. */
  memory(field: 'VmRSS' | 'VmHWM'): number;
  stop(): Promise<void>;
}

export const canReadProcessMemory = (() => {
  try {
    return readFileSync('/proc/self/status', 'utf8').includes('VmHWM:');
  } catch {
    return false;
  }
})();

const farmModule = new URL('../startOriginFarm.ts', import.meta.url).href;

/**
 * The farm alone in a child process, so its memory can be measured without the test's client in it (a
 * client's not-yet-collected buffers would hide or fake any growth of the farm's own).
 */
export async function spawnOriginFarm(): Promise<SpawnedFarm> {
  const script = `
    const { startOriginFarm } = await import(${JSON.stringify(farmModule)});
    const farm = await startOriginFarm();
    process.stdout.write(JSON.stringify(farm) + '\\n');
    process.once('SIGTERM', () => farm.close());`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return {
    info: JSON.parse(line) as FarmInfo,
    child,
    memory(field) {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kib = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
      if (kib === undefined) throw new Error(`no ${field} in /proc/${child.pid}/status`);
      return Number(kib) * 1024;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
