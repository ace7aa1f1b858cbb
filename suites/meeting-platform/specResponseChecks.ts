import type { Check } from '../../src/harness/suite-api/check.ts';
import { currentRedactor } from '../../src/harness/suite-api/currentRedactor.ts';
import { suiteFileMap, whenSuiteFileEnds } from '../../src/harness/suite-api/suiteFileState.ts';
import { ExchangeLog, judgeLoggedExchanges } from '../../src/harness/suite-api/ExchangeLog.ts';
import type { MeetingPlatformTarget } from '../../src/harness/suite-api/targets.ts';
import { observeExchanges } from '../../src/meeting-platform/exchange.ts';
import { apiUrl, tokenUrl } from '../../src/meeting-platform/platformRequests.ts';
import { shownRequest } from '../../src/meeting-platform/shownRequest.ts';
import { loadSpec } from '../../src/openapi/loadSpec.ts';
import { checkFamilies, inFamily, runningFamily, type CheckFamily } from './checkFamily.ts';
import { sessionFor } from './platformSession.ts';

const logs = suiteFileMap<string, ExchangeLog>();

/**
 * The exchanges `family`'s checks have with one target (generated requests aside), from the moment the
 * suite file is collected. Token requests are logged only for the token checks: elsewhere the one token
 * request is the session's, the same request MP-TOKEN-FLOW sends, and its answer is the token checks'
 * to judge, once.
 */
function exchangeLogFor(target: MeetingPlatformTarget, family: CheckFamily): ExchangeLog {
  const key = JSON.stringify([target.label, family]);
  let log = logs.get(key);
  if (log) return log;
  const created = new ExchangeLog(loadSpec('meeting-platform'));
  const token = tokenUrl(target.authUrl);
  const api = apiUrl(target.apiBaseUrl, '/v2/');
  const stop = observeExchanges((x) => {
    if (x.generated || runningFamily() !== family) return;
    // The token requests the spec documents (a POST with a form body, no query) and the API under /v2; the
    // other forms of the token request and the requests sent to a wrong address have clauses of their own.
    const isToken = x.url === token && x.method === 'POST' && /^application\/x-www-form-urlencoded\b/i.test(x.requestHeaders['content-type'] ?? '');
    if (!(isToken ? family === 'token' : x.method === 'GET' && x.url.startsWith(api))) return;
    // A request carrying part of a secret is shown as its shell words say, never as sent.
    const shown = shownRequest(x.shownAs ? { ...x, requestHeaders: x.shownAs.headers, ...(x.shownAs.body !== undefined ? { requestBody: x.shownAs.body } : {}) } : x, currentRedactor(), target.credentials);
    created.record({ shown, ...(x.shownAs ? { reproduction: x.shownAs.reproduction } : {}), status: x.status, headers: x.headers, body: x.bodyText });
  });
  whenSuiteFileEnds(stop);
  logs.set(key, created);
  return created;
}

/** Starts the logs of every family for `target`: call it before the checks that send the exchanges are defined. */
export function startExchangeLogs(target: MeetingPlatformTarget): void {
  for (const family of Object.keys(checkFamilies) as CheckFamily[]) exchangeLogFor(target, family);
}

/**
 * MP-SPEC-RESPONSE over the answers each family's checks got, one check a family: defined last, so they
 * run after them. When a family got none because there was no access token, its check is blocked by
 * MP-TOKEN-FLOW as they were.
 */
export function defineSpecResponseChecks(check: Check, target: MeetingPlatformTarget): void {
  for (const [family, what] of Object.entries(checkFamilies) as Array<[CheckFamily, string]>) {
    const log = exchangeLogFor(target, family);
    // As the family's: its session tells whether its checks had a token.
    inFamily(family, check)(
      'MP-SPEC-RESPONSE',
      `every answer ${what} got is one the spec documents (status, JSON, body schema)`,
      (ctx) => {
        const refused = sessionFor(target).tokenRefused;
        if (log.checked === 0 && refused) throw refused;
        judgeLoggedExchanges(ctx, log);
      },
      { paths: [family] },
    );
  }
}
