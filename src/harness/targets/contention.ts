import { availableParallelism, loadavg } from 'node:os';

/** What one look at the machine found: how long a CPU-bound slice took in wall time and in CPU time, and the load. */
export interface ContentionSample {
  /** CPU time the slice used (user and system), in milliseconds. */
  cpuMs: number;
  /** Wall time it took, in milliseconds. */
  wallMs: number;
  /** The 1-minute load average. */
  loadAverage: number;
  cores: number;
}

/**
 * How many times slower than when idle this machine runs our work now (at least 1): the wall time a
 * CPU-bound slice took over the CPU time it used (the share of a core a thread gets right now), or the
 * runnable processes per core over the last minute, whichever is higher. Two busy processes beside a
 * run on 2 cores make it about 2; a load of 16 on 2 cores about 8.
 */
export function contentionFactor(sample: ContentionSample): number {
  const share = sample.cpuMs > 0 ? sample.wallMs / sample.cpuMs : 1;
  const perCore = sample.cores > 0 ? sample.loadAverage / sample.cores : 1;
  return Math.max(1, share, perCore);
}

/**
 * Spins for `slices` slices of `sliceCpuMs` of this thread's CPU time each and gives the median slice
 * (one slice alone swings with the scheduler: 20 ms took 100 ms and then 370 ms at the same load). Node 22
 * has no threadCpuUsage: there the process's CPU time, which other threads of it may add to, reads low.
 */
export function sampleContention(slices = 5, sliceCpuMs = 10): ContentionSample {
  const usage = typeof process.threadCpuUsage === 'function' ? process.threadCpuUsage.bind(process) : process.cpuUsage.bind(process);
  const measured: Array<{ cpuMs: number; wallMs: number }> = [];
  for (let i = 0; i < slices; i++) {
    const cpuStart = usage();
    const wallStart = performance.now();
    let used = 0;
    while (used < sliceCpuMs) {
      const { user, system } = usage(cpuStart);
      used = (user + system) / 1000;
    }
    measured.push({ cpuMs: used, wallMs: performance.now() - wallStart });
  }
  measured.sort((a, b) => a.wallMs / a.cpuMs - b.wallMs / b.cpuMs);
  const median = measured[Math.floor(measured.length / 2)]!;
  return { ...median, loadAverage: loadavg()[0] ?? 0, cores: availableParallelism() };
}

/** How a timeout grows with contention: never below `idleMs`, `perFactorMs` times the factor, never above `maxMs`. */
export interface TimeoutScale {
  idleMs: number;
  /** Defaults to idleMs: the idle timeout, times the factor. */
  perFactorMs?: number;
  maxMs: number;
}

/**
 * A fetch timeout for services this process starts (the embedded targets, the broken variants in tests),
 * scaled to the machine as it is now, in whole seconds past the idle value. A page the farm serves at once
 * must never reach it, however busy the machine (a fetch that takes 20 ms idle took 4.6 s at a load of 16
 * on 2 cores); the probes that wait for it take longer only when the machine is busy.
 */
export function scaledTimeoutMs(scale: TimeoutScale, factor = contentionFactor(sampleContention())): number {
  const scaled = (scale.perFactorMs ?? scale.idleMs) * factor;
  if (scaled <= scale.idleMs) return scale.idleMs;
  return Math.min(scale.maxMs, Math.ceil(scaled / 1000) * 1000);
}
