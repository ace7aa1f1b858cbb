import type { Check } from '../../src/harness/check.ts';
import { ExchangeLog, judgeLoggedExchanges } from '../../src/harness/ExchangeLog.ts';
import type { MeetingPlatformTarget } from '../../src/harness/targets.ts';
import { observeExchanges } from '../../src/meeting-platform/exchange.ts';
import { shownRequest } from '../../src/meeting-platform/shownRequest.ts';
import { loadSpec } from '../../src/openapi/loadSpec.ts';

const logs = new Map<string, ExchangeLog>();

/**
 * The exchanges this file's checks have with one target (generated requests aside), from the moment the
 * file is collected: call it before the checks that send them are defined.
 */
export function exchangeLogFor(target: MeetingPlatformTarget): ExchangeLog {
  let log = logs.get(target.label);
  if (log) return log;
  const created = new ExchangeLog(loadSpec('meeting-platform'));
  observeExchanges((x) => {
    if (x.generated || !(x.url.startsWith(target.authUrl) || x.url.startsWith(target.apiBaseUrl))) return;
    created.record({ shown: shownRequest(x, target.credentials), status: x.status, headers: x.headers, body: x.bodyText });
  });
  logs.set(target.label, created);
  return created;
}

/** MP-SPEC-RESPONSE over the answers the file's other checks got: defined last, so it runs after them. */
export function defineSpecResponseCheck(check: Check, target: MeetingPlatformTarget, what: string): void {
  const log = exchangeLogFor(target);
  check('MP-SPEC-RESPONSE', `every answer ${what} got is one the spec documents (status, JSON, body schema)`, (ctx) => judgeLoggedExchanges(ctx, log));
}
