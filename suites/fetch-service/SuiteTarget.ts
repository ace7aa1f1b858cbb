import type { CheckContext } from '../../src/harness/suite-api/check.ts';
import type { ExchangeLimits } from '../../src/exchange/exchangeLimits.ts';
import { ExchangeLog } from '../../src/harness/suite-api/ExchangeLog.ts';
import type { FetchServiceTarget } from '../../src/harness/suite-api/targets.ts';
import { loadSpec } from '../../src/openapi/loadSpec.ts';
import { FetchClient, requestHeaders, type Exchange, type FetchCall } from './fetchClient.ts';
import { loadFarm, type Farm } from './originFarm.ts';
import { isLocalTarget } from './probeScope.ts';

/** What every check of one target works with. */
export interface SuiteTarget {
  target: FetchServiceTarget;
  client: FetchClient;
  farm: Farm;
  /** See probeScope.ts: decides which private destinations probes may name. */
  local: boolean;
  /** The target's fetch timeout (--fetch-timeout, config fetchTimeout, FetchServiceTarget.fetchTimeoutSeconds) in milliseconds. */
  fetchTimeoutMs: number;
  /** How long slow farm pages take to outlast the timeout: by enough to tell it from a slow success on any network. */
  pastTimeoutMs: number;
  /** One promise per name for work several checks share (see FetchCall.shareAs). */
  shared<T>(name: string, make: () => Promise<T>): Promise<T>;
  /** Every exchange of the checks (generated requests aside), for FS-SPEC-RESPONSE. */
  log: ExchangeLog;
}

/** What every check of `target` works with; its origin farm held to `farmLimits` (the run's, Targets.limits: the farm is no target). */
export async function suiteTarget(target: FetchServiceTarget, farmLimits: ExchangeLimits): Promise<SuiteTarget> {
  const memo = new Map<string, Promise<unknown>>();
  const shared = <T>(name: string, make: () => Promise<T>): Promise<T> => {
    if (!memo.has(name)) memo.set(name, make());
    return memo.get(name) as Promise<T>;
  };
  const farm = await loadFarm(target.originUrl, farmLimits);
  const fetchTimeoutMs = target.fetchTimeoutSeconds * 1000;
  const client = new FetchClient(target);
  const log = new ExchangeLog(loadSpec('fetch-service'));
  client.onExchange = (x) => {
    if (x.call.generated) return;
    // A body of tens of MiB is shown as the command that prints it, not held for a reproduction.
    const { bodyCommand, chunked } = x.call;
    const headers = [...Object.entries(requestHeaders(x.call)), ...(chunked ? [['Transfer-Encoding', 'chunked'] as [string, string]] : [])];
    const shown = { method: 'POST', url: x.endpoint, headers, ...(bodyCommand ? { bodyCommand } : { body: x.requestBody }) };
    log.record({ shown, status: x.status, headers: x.headers, body: x.text });
  };
  return { target, client, farm, local: isLocalTarget(target), fetchTimeoutMs, pastTimeoutMs: Math.round(fetchTimeoutMs) + 5000, shared, log };
}

export type Post = (call: FetchCall) => Promise<Exchange>;

/**
 * The start of every check: the key becomes a secret of the report (shown as $SVC_API_KEY), and requests
 * stop when the check does.
 */
export function begin(ctx: CheckContext, s: SuiteTarget): Post {
  ctx.secret(s.client.key, 'SVC_API_KEY');
  // A shared probe outlives the check that started it, so it does not take that check's signal.
  return (call) => (call.shareAs ? s.shared(call.shareAs, () => s.client.post(call)) : s.client.post({ signal: ctx.signal, ...call }));
}

/** A measured duration as a failure message says it: "150 ms", "12.7 s". */
export function durationText(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
