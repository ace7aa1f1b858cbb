// The token request (MP-TOKEN-*): the seed's own form served, the forms it neither shows nor forbids
// answered as the spec documents, the failures it names refused at once with a JSON error and its code.
import { expect } from 'vitest';
import type { Check, CheckContext } from '../../src/harness/suite-api/check.ts';
import type { CaseOutcome } from '../../src/verdict/finding.ts';
import { currentTargets } from '../../src/harness/suite-api/currentTargets.ts';
import { sideBySide } from '../../src/harness/suite-api/inFlightCap.ts';
import { defaultConcurrency, type MeetingPlatformTarget } from '../../src/harness/suite-api/targets.ts';
import { diagnoseToken } from '../../src/meeting-platform/diagnoseFirstCall.ts';
import { field, summarize, type Exchange } from '../../src/meeting-platform/exchange.ts';
import { requestToken, tokenCurl } from '../../src/meeting-platform/platformRequests.ts';
import { checkExchange } from '../../src/openapi/checkExchange.ts';
import { loadSpec } from '../../src/openapi/loadSpec.ts';
import { formatViolations } from '../../src/openapi/Violation.ts';
import { tokenErrorProblem, tokenFieldsProblem, tokenGrantProblem } from '../../src/rules/meeting-platform/answerProblems.ts';
import { answerOf, tokenProbeWords, mislabelledProblem, probeAnswer, probeCase, refusalProblem, seedRequestServed, type SentProbe, type TokenProbeName } from './tokenProbes.ts';
import { clientNearMissNames, grantTypeNearMissNames } from '../../src/meeting-platform/core/nearMisses.ts';
import { equivalentsUnder, nearMissesUnder } from '../../src/meeting-platform/core/sentFields.ts';

const tokenOperation = loadSpec('meeting-platform').operation('requestAccessToken');

/** The refusals the seed requires, and the OAuth 2.0 error each names (RFC 6749 §5.2), when one is settled. */
// The near misses of each field come from its row of the table of sent fields (src/meeting-platform/core/sentFields.ts), under the clause the row names.
const clientRefusals = ['wrong-secret', 'unknown-client', 'no-client-auth', ...nearMissesUnder('MP-TOKEN-INVALID-CLIENT')] satisfies TokenProbeName[];
const flowRefusals = ['client-credentials', 'authorization-code', 'grant-type-missing', ...nearMissesUnder('MP-TOKEN-WRONG-FLOW')] satisfies TokenProbeName[];
const accountRefusals = nearMissesUnder('MP-TOKEN-ACCOUNT-EXACT') satisfies TokenProbeName[];
const equivalents = equivalentsUnder('MP-TOKEN-EQUIVALENT') satisfies TokenProbeName[];
const errorCodes: Partial<Record<TokenProbeName, string>> = {
  'wrong-secret': 'invalid_client',
  'unknown-client': 'invalid_client',
  'no-client-auth': 'invalid_client',
  ...Object.fromEntries(clientNearMissNames.map((name) => [name, 'invalid_client'])),
  'client-credentials': 'unsupported_grant_type',
  ...Object.fromEntries(grantTypeNearMissNames.map((name) => [name, 'unsupported_grant_type'])),
  'grant-type-missing': 'invalid_request',
  'account-missing': 'invalid_request',
};
const failures = [...clientRefusals, ...flowRefusals, 'account-missing', ...accountRefusals] satisfies TokenProbeName[];
const openForms = ['query', 'json-body', 'form-as-text-plain', 'form-as-json', 'no-content-type', 'account-missing'] as const satisfies TokenProbeName[];

/**
 * The answers to some probes, the ones that are no wrong address (undefined) left out: sent side by side
 * (each token request stands alone), up to the run's concurrency, and kept in the order they are named.
 */
async function answers(target: MeetingPlatformTarget, names: readonly TokenProbeName[], ctx: CheckContext): Promise<SentProbe[]> {
  const probes = await sideBySide(names, currentTargets().concurrency ?? defaultConcurrency, (name) => probeAnswer(target, name, ctx.signal));
  const sent = probes.filter((p): p is SentProbe => p !== undefined);
  for (const p of sent) ctx.evidence(tokenProbeWords[p.name], summarize(p.exchange));
  return sent;
}

/**
 * MP-TOKEN-OPEN's judgement of an answer to a request whose fate is open: one the spec documents for the
 * token endpoint (200 with a token, 400 or 401 with a JSON error), never a 5xx, a redirect or a page.
 */
function openProblem(x: Exchange): Pick<CaseOutcome, 'problem' | 'cause'> {
  const seen = `${x.status} ${x.contentType || 'without a content type'}`;
  if (x.status >= 500) return { problem: seen, cause: 'a server error' };
  if (x.status >= 300 && x.status < 400) return { problem: `${seen}, Location ${x.headers.get('location') ?? '(none)'}`, cause: 'a redirect' };
  if (x.isHtml) return { problem: seen, cause: 'an HTML page' };
  const violations = checkExchange(tokenOperation, { status: x.status, headers: x.headers, body: x.bodyText });
  if (violations.length) return { problem: `${seen}: ${formatViolations(violations).split('\n')[0]}`, cause: 'an answer the spec does not document for the token endpoint' };
  return {};
}

/** The checks of the token request (MP-TOKEN-*): each sends its own requests; the first token is asked once and shared. */
export function defineTokenChecks(check: Check, target: MeetingPlatformTarget): void {
  let first: Promise<Exchange> | undefined;
  const firstToken = (signal: AbortSignal) => (first ??= requestToken({ authUrl: target.authUrl, credentials: target.credentials, limits: target.limits, signal }));

  check(
    'MP-TOKEN-FLOW',
    'Basic client authentication and a form body yield a bearer token, and again at once',
    async (ctx) => {
      ctx.secret(target.credentials.clientSecret, 'MEETING_CLIENT_SECRET');
      ctx.reproduction(tokenCurl(target.authUrl));
      const x = await firstToken(ctx.signal);
      ctx.secret(field(x, 'access_token') as string | undefined, 'ACCESS_TOKEN');
      ctx.evidence('token request', summarize(x));
      if (x.status !== 200 || !x.isJson) ctx.diagnose(diagnoseToken(x, target.authUrl));
      expect(x.status, `the token endpoint must answer 200 to a correct account-credentials request; got ${summarize(x)}`).toBe(200);
      expect(x.isJson, `the token response must be JSON; got ${x.contentType || 'no content type'}`).toBe(true);
      const grant = tokenGrantProblem(x);
      expect(grant === undefined, grant).toBe(true);
      // An app may hold several tokens at once (the real platform: "You can generate and use multiple access tokens").
      const again = await requestToken({ authUrl: target.authUrl, credentials: target.credentials, limits: target.limits, signal: ctx.signal });
      ctx.secret(field(again, 'access_token') as string | undefined, 'ACCESS_TOKEN');
      ctx.evidence('the same request again', summarize(again));
      const second = field(again, 'access_token');
      expect(again.status === 200 && again.isJson && typeof second === 'string' && second.length > 0, `a second token request right after the first must get a token too; got ${summarize(again)}`).toBe(true);
    },
    { paths: ['first', 'repeated'] },
  );

  check(
    'MP-TOKEN-FIELDS',
    'the token response states expires_in and scope',
    async (ctx) => {
      ctx.reproduction(tokenCurl(target.authUrl));
      const x = await firstToken(ctx.signal);
      ctx.secret(field(x, 'access_token') as string | undefined, 'ACCESS_TOKEN');
      if (x.status !== 200 || !x.isJson) ctx.blocked('MP-TOKEN-FLOW', `no token response to read: ${x.status} ${x.contentType || '(no content type)'}`);
      ctx.evidence('fields', { expires_in: field(x, 'expires_in'), scope: field(x, 'scope'), api_url: field(x, 'api_url') });
      const problem = tokenFieldsProblem(x);
      expect(problem === undefined, problem).toBe(true);
    },
    { paths: ['first'] },
  );

  check(
    'MP-TOKEN-QUERY-FIELDS',
    'the fields in the query string of a POST yield a token, as the real platform documents',
    async (ctx) => {
      const [p] = await answers(target, ['query'], ctx);
      ctx.reproduction(p!.reproduction);
      const x = p!.exchange;
      const token = field(x, 'access_token');
      ctx.conclude({
        of: 'token requests',
        failed: 'with the fields in the query string got no token',
        cases: [probeCase(p!, tokenProbeWords.query, x.status === 200 && typeof token === 'string' && token ? {} : { problem: `${x.status} ${x.contentType || 'without a content type'}: ${summarize(x).split('\n')[1] ?? ''}`.trim(), cause: 'no access token for the fields in the query string' })],
      });
    },
    { paths: ['query'] },
  );

  check(
    'MP-TOKEN-OPEN',
    'token requests in other forms (query string, JSON, another Content-Type or none, no account_id) get a documented answer',
    async (ctx) => {
      const sent = await answers(target, openForms, ctx);
      ctx.reproduction(sent[0]!.reproduction);
      ctx.conclude({
        of: 'token requests in forms the seed neither shows nor forbids',
        failed: 'got an answer the spec does not document (a token, or a 400 or 401 JSON error)',
        rule: 'accepting or refusing is the platform\'s choice; either way the answer is a token or a JSON error the spec documents, never a 5xx, a redirect or an HTML page',
        cases: sent.map((p) => probeCase(p, tokenProbeWords[p.name], openProblem(p.exchange))),
      });
      await seedRequestServed(target, ctx);
    },
    { paths: [...openForms] },
  );

  check(
    'MP-TOKEN-CONTENT-TYPE',
    'a form body labelled application/json is refused, not read as a form',
    async (ctx) => {
      const [p] = await answers(target, ['form-as-json'], ctx);
      ctx.reproduction(p!.reproduction);
      ctx.conclude({
        of: 'token requests',
        failed: 'whose body is not what its Content-Type says were not refused',
        cases: [probeCase(p!, tokenProbeWords['form-as-json'], mislabelledProblem(p!.exchange))],
      });
    },
    { paths: ['form-as-json'] },
  );

  const mustFail = {
    of: 'token requests the seed says must fail',
    failed: 'did not fail at once with a 4xx and no token',
    rule: 'a wrong flow or failed client authentication gets no token and an immediate refusal: a 4xx answer, not a redirect or a page to sign in on',
  };
  const refusals: ReadonlyArray<{ clause: string; title: string; names: readonly TokenProbeName[]; of: string; failed: string; rule: string }> = [
    { clause: 'MP-TOKEN-INVALID-CLIENT', title: 'failed client authentication (wrong secret, unknown client, none, a client id or secret almost right) fails at once with a 4xx', names: clientRefusals, ...mustFail },
    { clause: 'MP-TOKEN-WRONG-FLOW', title: 'another grant type (one almost account_credentials too), or none, fails at once with a 4xx', names: flowRefusals, ...mustFail },
    {
      clause: 'MP-TOKEN-ACCOUNT-EXACT',
      title: "a token request whose account_id is almost the account's own (in spaces, with a line break, in another case) is refused",
      names: accountRefusals,
      of: "token requests with an account_id that is almost the account's",
      failed: 'were not refused with a 4xx and no token',
      rule: 'account_id is a string the platform issued: one wrapped in whitespace or in another case is another id, refused with a 4xx and no token, not trimmed or folded to the account',
    },
  ];
  for (const { clause, title, names, ...conclusion } of refusals) {
    check(
      clause,
      title,
      async (ctx) => {
        const sent = await answers(target, names, ctx);
        // Only an id in another case can go unsent: an id without letters has no other case.
        for (const name of names) if (!sent.some((p) => p.name === name)) ctx.notJudged(name, `${name === 'id-case' ? 'the client id' : 'the account id'} has no letter: no other case to send it in`);
        ctx.reproduction(sent[0]!.reproduction);
        ctx.conclude({ ...conclusion, cases: sent.map((p) => probeCase(p, tokenProbeWords[p.name], refusalProblem(p.exchange))) });
        await seedRequestServed(target, ctx);
      },
      { paths: [...names] },
    );
  }

  check(
    'MP-TOKEN-EQUIVALENT',
    "the seed's token request in a form the standards make equal (a charset parameter, the media type or the Basic scheme in another case) yields a token",
    async (ctx) => {
      const sent = await answers(target, equivalents, ctx);
      ctx.reproduction(sent[0]!.reproduction);
      ctx.conclude({
        of: "token requests in a form the standards make equal to the seed's",
        failed: 'were not served a token',
        rule: 'a media type with parameters and in any case (RFC 9110 §8.3.1) and the auth scheme in any case (RFC 9110 §11.1) are the seed\'s form: 200 with an access token',
        cases: sent.map((p) => {
          const problem = tokenGrantProblem(p.exchange);
          return probeCase(p, tokenProbeWords[p.name], problem === undefined ? {} : { problem: `${answerOf(p.exchange)}: ${problem}`, cause: `${p.exchange.status < 300 ? 'no access token' : `refused (${p.exchange.status})`} for a form equal to the seed's` });
        }),
      });
    },
    { paths: [...equivalents] },
  );

  check(
    'MP-TOKEN-ACCOUNT-REQUIRED',
    'a token request without account_id is refused',
    async (ctx) => {
      const [p] = await answers(target, ['account-missing'], ctx);
      ctx.reproduction(p!.reproduction);
      ctx.conclude({ of: 'token requests', failed: 'without account_id were not refused', cases: [probeCase(p!, tokenProbeWords['account-missing'], refusalProblem(p!.exchange))] });
    },
    { paths: ['account-missing'] },
  );

  const coded = failures.filter((name) => errorCodes[name]);
  check(
    'MP-TOKEN-ERROR-CODES',
    'each refusal names the OAuth 2.0 error for its fault',
    async (ctx) => {
      const sent = await answers(target, coded, ctx);
      const refused = sent.filter((p) => {
        if (p.exchange.status >= 400 && p.exchange.status < 500) return true;
        ctx.notJudged(p.name, `it was answered ${answerOf(p.exchange)}, not refused with a 4xx: no error code to judge`);
        return false;
      });
      if (!refused.length) ctx.skip('the platform refused none of these token requests: no error code to judge');
      ctx.reproduction(refused[0]!.reproduction);
      ctx.conclude({
        of: 'refused token requests',
        failed: 'do not name the OAuth 2.0 error for their fault',
        rule: 'invalid_client when client authentication fails, unsupported_grant_type for another grant type, invalid_request for a missing parameter (RFC 6749 §5.2)',
        cases: refused.map((p) => {
          const error = field(p.exchange, 'error');
          const expected = errorCodes[p.name]!;
          return probeCase(p, tokenProbeWords[p.name], error === expected ? {} : { problem: `error ${JSON.stringify(error)}`, cause: `not "${expected}"` });
        }),
      });
    },
    { paths: coded },
  );

  check(
    'MP-TOKEN-ERRORS-JSON',
    'token failures are JSON bodies with an error code, not HTML',
    async (ctx) => {
      const cases: CaseOutcome[] = [];
      for (const p of await answers(target, failures, ctx)) {
        // Whether the platform refuses at all is the other clauses' matter; this one judges the form.
        if (p.exchange.status < 300) {
          ctx.notJudged(p.name, `the platform answered it ${p.exchange.status}: no failure body to judge`);
          continue;
        }
        cases.push(probeCase(p, `a token request with ${tokenProbeWords[p.name]}`, tokenErrorProblem(p.exchange)));
      }
      ctx.reproduction(cases[0]?.reproduction ?? tokenCurl(target.authUrl, { secretVar: 'wrong-secret' }));
      expect(cases.length, 'none of the wrong token requests failed, so there was no failure body to judge').toBeGreaterThan(0);
      ctx.conclude({ of: 'failed token requests', failed: 'did not answer with a JSON body carrying an "error" code', cases });
    },
    { paths: [...failures] },
  );

  check(
    'MP-TOKEN-METHOD',
    'GET on the token address issues no token and is refused (405 with Allow: POST)',
    async (ctx) => {
      const [p] = await answers(target, ['get'], ctx);
      ctx.reproduction(p!.reproduction);
      const x = p!.exchange;
      const allow = x.headers.get('allow');
      const token = field(x, 'access_token');
      const outcome =
        typeof token === 'string' && token
          ? { problem: `${x.status} with an access token`, cause: 'a GET issued a token (its credentials travel in the URL, into logs)' }
          : x.status < 400 || x.status >= 500
            ? { problem: `${x.status} ${x.contentType || 'without a content type'}`, cause: `${x.status} where a refusal (405 Method Not Allowed) was due` }
            : x.status === 405 && (!allow || !/\bPOST\b/i.test(allow))
              ? { problem: `405 with Allow ${JSON.stringify(allow)}`, cause: 'a 405 whose Allow header does not name POST' }
              : {};
      ctx.conclude({ of: 'requests', failed: 'with another method than POST were not refused', cases: [probeCase(p!, tokenProbeWords.get, outcome)] });
      await seedRequestServed(target, ctx);
    },
    { paths: ['get'] },
  );
}
