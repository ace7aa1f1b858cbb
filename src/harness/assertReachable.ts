import { RunError } from './RunError.ts';

/**
 * A target that cannot be reached is "could not run" (exit 2), not a run of failed checks: one quick
 * request before the suites start tells the two apart. Any HTTP answer, error statuses included, counts.
 * undici's request rather than fetch: fetch refuses ports browsers block (6000, 9, ...), a target need not.
 */
export async function assertReachable(flag: string, url: string, timeoutMs = 5000): Promise<void> {
  const { request } = await import('undici');
  try {
    const res = await request(url, { method: 'GET', signal: AbortSignal.timeout(timeoutMs) });
    await res.body.dump();
  } catch (err) {
    const code = err instanceof Error && 'code' in err ? String(err.code) : undefined;
    const reason = code ?? (err instanceof Error ? err.message : String(err));
    throw new RunError(`cannot reach ${flag} ${url}: ${reason}`);
  }
}
