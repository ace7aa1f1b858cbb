import { defaultRequestBounds, type RequestBounds } from './requestBounds.ts';

/** How every exchange with one target is held: its deadlines and size cap, and its pace. */
export interface ExchangeLimits {
  bounds: RequestBounds;
  /** Requests per second; absent: 10 for a host not on loopback, none on loopback; 0: none (rateLimit.ts). */
  rateLimit?: number;
}

/** What of a run's targets (Targets) sets the limits: the run's, and each target's addresses and own limits. */
export interface LimitedTargets {
  limits: ExchangeLimits;
  'fetch-service': ReadonlyArray<{ baseUrl: string; limits?: ExchangeLimits }>;
  'meeting-platform': ReadonlyArray<{ authUrl: string; apiBaseUrl: string; limits?: ExchangeLimits }>;
}

/**
 * The limits each target's origins are held to in this process, so that every exchange with a target
 * (boundedRequest's deadlines and cap, rateLimit's pace) keeps that target's own, whichever check sends
 * it. Filled once per suite file from the run's targets (suiteSetup.ts); an origin no target names
 * gets the run's limits, and a process that ran no suite (`conform check`) the defaults.
 */
const byOrigin = new Map<string, ExchangeLimits>();
let runLimits: ExchangeLimits = { bounds: defaultRequestBounds };

export function limitExchanges(targets: LimitedTargets): void {
  byOrigin.clear();
  runLimits = targets.limits;
  for (const t of targets['fetch-service']) if (t.limits) byOrigin.set(originOf(t.baseUrl), t.limits);
  for (const t of targets['meeting-platform']) if (t.limits) for (const url of [t.authUrl, t.apiBaseUrl]) byOrigin.set(originOf(url), t.limits);
}

export function limitsFor(url: string): ExchangeLimits {
  return byOrigin.get(originOf(url)) ?? runLimits;
}

function originOf(url: string): string {
  return new URL(url).origin;
}
