import { startCanary, type Canary } from '../../src/harness/suite-api/startCanary.ts';
import type { SuiteTarget } from './SuiteTarget.ts';

/** Runs `probe` with a canary listener on loopback when the target is local (see probeScope.ts), else with none. */
export async function withCanary(s: SuiteTarget, probe: (canary: Canary | undefined) => Promise<void>): Promise<void> {
  // A deployment elsewhere cannot reach this machine's loopback: nothing there to watch.
  const canary = s.local ? await startCanary() : undefined;
  try {
    await probe(canary);
  } finally {
    await canary?.close();
  }
}
