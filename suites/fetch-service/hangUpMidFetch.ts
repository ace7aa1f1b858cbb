import { setTimeout as sleep } from 'node:timers/promises';
import { newProbe, type FarmRequest } from './originFarm.ts';
import type { Post, SuiteTarget } from './SuiteTarget.ts';

/** How often the farm's log is asked whether the service has sent its request yet. */
const pollMs = 50;

/**
 * One slow fetch its caller abandons while the service is fetching it: sent, then cut as soon as the
 * farm has logged the service's request for the page (a page held past the target's timeout, so the
 * service is mid-fetch then). This is the path on which a limiter's bookkeeping can lose a slot, made
 * to happen on every run rather than left to how a crowd's last fetches happen to end on a busy machine.
 * It returns once the service has let go of the page (the farm saw it leave: it noticed its caller
 * going, or its own timeout passed), so what comes next meets a service that knows its caller is gone.
 *
 * Returns false when the fetch was answered before the farm saw it (refused, or the service never
 * fetched it): no caller hung up mid-fetch then.
 */
export async function hangUpMidFetch(s: SuiteTarget, post: Post, signal: AbortSignal): Promise<boolean> {
  const probe = newProbe();
  const hangUp = new AbortController();
  const url = s.farm.url('httpUrl', `/slow/headers?ms=${s.pastTimeoutMs}`, probe);
  let answered = false;
  const fetching = post({ body: { url }, signal: AbortSignal.any([hangUp.signal, signal]) }).finally(() => (answered = true));
  // The farm's log has no push: the service's request arriving there is the event, asked for in turn.
  while (!answered && !signal.aborted && (await s.farm.requests(probe)).length === 0) await sleep(pollMs);
  const midFetch = !answered;
  hangUp.abort();
  await fetching;
  if (midFetch) {
    // The caller's going reaches the service a moment later, over its own connection. The farm's page
    // ends by pastTimeoutMs whatever the service does: the bound, for a farm too old to log ends.
    const until = performance.now() + s.pastTimeoutMs + 1000;
    const letGo = (r: FarmRequest) => r.hungUpAt !== undefined || r.answeredAt !== undefined;
    while (!signal.aborted && performance.now() < until && !(await s.farm.requests(probe)).every(letGo)) await sleep(pollMs);
  }
  return midFetch;
}
