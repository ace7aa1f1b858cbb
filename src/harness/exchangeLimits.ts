import type { ExchangeLimits } from './ConformOptions.ts';
import { defaultRequestBounds } from './requestBounds.ts';
import type { Targets } from './targets.ts';

/**
 * The limits each target's origins are held to in this process, so that every exchange with a target
 * (boundedRequest's deadlines and cap, rateLimit's pace) keeps that target's own, whichever check sends
 * it. Filled once per suite file from the run's targets (suiteSetup.ts); an origin no target names
 * gets the run's limits, and a process that ran no suite (`conform check`) the defaults.
 */
const byOrigin = new Map<string, ExchangeLimits>();
let runLimits: ExchangeLimits = { bounds: defaultRequestBounds };

export function limitExchanges(targets: Pick<Targets, 'limits' | 'fetch-service' | 'meeting-platform'>): void {
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
