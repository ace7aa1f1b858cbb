import { expect } from 'vitest';
import { checksFor, describeTarget } from '../../src/harness/check.ts';
import type { CaseOutcome } from '../../src/harness/finding.ts';
import { currentTargets } from '../../src/harness/currentTargets.ts';
import { diagnoseToken } from '../../src/meeting-platform/diagnoseFirstCall.ts';
import { field, summarize, type Exchange } from '../../src/meeting-platform/exchange.ts';
import { requestToken, tokenCurl } from '../../src/meeting-platform/platformRequests.ts';
import type { MeetingPlatformTarget } from '../../src/harness/targets.ts';
import { defineSpecResponseCheck, exchangeLogFor } from './specResponses.ts';

const check = checksFor('meeting-platform');

/** "At once": an answer, not a redirect to a login page or a wait. */
const promptMs = 10_000;

/** The three requests the seed says must fail at once, each with the error code OAuth gives it. */
const refusals = [
  { name: 'wrong client secret', expected: 'invalid_client', wrongSecret: true, curl: { secretVar: 'wrong-secret' } },
  { name: 'wrong grant type (client_credentials)', expected: 'unsupported_grant_type', grantType: 'client_credentials', curl: { grantType: 'client_credentials' } },
  { name: 'missing account_id', expected: 'invalid_request', omitAccount: true, curl: { omitAccount: true } },
] as const;

type Refusal = (typeof refusals)[number];

function sendRefusal(target: MeetingPlatformTarget, r: Refusal, signal: AbortSignal): Promise<Exchange> {
  const credentials = 'wrongSecret' in r ? { ...target.credentials, clientSecret: `${target.credentials.clientSecret}-wrong` } : target.credentials;
  return requestToken({
    authUrl: target.authUrl,
    credentials,
    grantType: 'grantType' in r ? r.grantType : undefined,
    omitAccount: 'omitAccount' in r,
    signal,
  });
}

/** A refusal per the clause: prompt 4xx, no token, the expected OAuth error code in a JSON body. */
function expectRefused(x: Exchange, r: Refusal): void {
  const seen = summarize(x);
  expect(field(x, 'access_token'), `a token request with a ${r.name} must not yield an access token; got ${seen}`).toBeUndefined();
  expect(x.status >= 400 && x.status < 500, `a token request with a ${r.name} must fail at once with HTTP 4xx; got ${seen}`).toBe(true);
  expect(x.durationMs, `the refusal must come at once (under ${promptMs} ms)`).toBeLessThan(promptMs);
  expect(field(x, 'error'), `the refusal must name the OAuth error "${r.expected}" in a JSON body; got ${seen}`).toBe(r.expected);
}

for (const target of currentTargets()['meeting-platform']) {
  describeTarget(target.label, () => {
    exchangeLogFor(target, { tokenAnswers: true });
    check('MP-TOKEN-FLOW', 'Basic client authentication and a form body yield a bearer token', async (ctx) => {
      ctx.secret(target.credentials.clientSecret, 'MEETING_CLIENT_SECRET');
      ctx.reproduction(tokenCurl(target.authUrl));
      const x = await requestToken({ authUrl: target.authUrl, credentials: target.credentials, signal: ctx.signal });
      ctx.secret(field(x, 'access_token') as string | undefined, 'ACCESS_TOKEN');
      ctx.evidence('token request', summarize(x));
      if (x.status !== 200 || !x.isJson) ctx.diagnose(diagnoseToken(x, target.authUrl));
      expect(x.status, `the token endpoint must answer 200 to a correct account-credentials request; got ${summarize(x)}`).toBe(200);
      expect(x.isJson, `the token response must be JSON; got ${x.contentType || 'no content type'}`).toBe(true);
      const token = field(x, 'access_token');
      expect(typeof token === 'string' && token.length > 0, 'the token response must hold a non-empty access_token string').toBe(true);
      expect(String(field(x, 'token_type')).toLowerCase(), 'token_type must be "bearer"').toBe('bearer');
    });

    check('MP-TOKEN-FIELDS', 'the token response states expires_in and scope', async (ctx) => {
      ctx.reproduction(tokenCurl(target.authUrl));
      const x = await requestToken({ authUrl: target.authUrl, credentials: target.credentials, signal: ctx.signal });
      ctx.secret(field(x, 'access_token') as string | undefined, 'ACCESS_TOKEN');
      const expiresIn = field(x, 'expires_in');
      const scope = field(x, 'scope');
      ctx.evidence('fields', { expires_in: expiresIn, scope, api_url: field(x, 'api_url') });
      expect(Number.isInteger(expiresIn) && (expiresIn as number) > 0, `expires_in must be a positive integer of seconds; got ${JSON.stringify(expiresIn)}`).toBe(true);
      expect(typeof scope, `scope must be a space-separated string; got ${JSON.stringify(scope)}`).toBe('string');
    });

    const clauses = ['MP-TOKEN-INVALID-CLIENT', 'MP-TOKEN-WRONG-FLOW', 'MP-TOKEN-ACCOUNT-REQUIRED'] as const;
    refusals.forEach((r, i) => {
      check(clauses[i]!, `a ${r.name} fails at once with ${r.expected}`, async (ctx) => {
        ctx.reproduction(tokenCurl(target.authUrl, r.curl));
        const x = await sendRefusal(target, r, ctx.signal);
        ctx.secret(field(x, 'access_token') as string | undefined, 'ACCESS_TOKEN');
        ctx.evidence(r.name, summarize(x));
        expectRefused(x, r);
      });
    });

    check('MP-TOKEN-ERRORS-JSON', 'token failures are JSON bodies with an error code, not HTML', async (ctx) => {
      const cases: CaseOutcome[] = [];
      for (const r of refusals) {
        const x = await sendRefusal(target, r, ctx.signal);
        ctx.secret(field(x, 'access_token') as string | undefined, 'ACCESS_TOKEN');
        ctx.evidence(r.name, summarize(x));
        // Whether the platform refuses at all is the other clauses' matter; this one judges the form.
        if (x.status < 300) continue;
        cases.push({ label: `a token request with a ${r.name}`, ...errorBodyProblem(x), evidence: summarize(x), reproduction: tokenCurl(target.authUrl, r.curl) });
      }
      ctx.reproduction(tokenCurl(target.authUrl, refusals[0].curl));
      expect(cases.length, 'none of the three wrong token requests failed, so there was no failure body to judge').toBeGreaterThan(0);
      ctx.conclude({ of: 'failed token requests', failed: 'did not answer with a JSON body carrying an "error" code', cases });
    });

    defineSpecResponseCheck(check, target, 'the token checks');
  });
}

/** What is wrong with a failed token request's body, as a problem and its cause; nothing when it is a JSON error. */
function errorBodyProblem(x: Exchange): Pick<CaseOutcome, 'problem' | 'cause'> {
  const answer = `${x.status} ${x.contentType || 'without a content type'}`;
  if (x.isHtml) return { problem: answer, cause: 'an HTML page where a JSON error was due' };
  if (x.status < 400) return { problem: `${answer}, Location ${x.headers.get('location') ?? '(none)'}`, cause: 'a redirect instead of an error' };
  if (!x.isJson) return { problem: answer, cause: 'a body that is not JSON' };
  if (typeof field(x, 'error') !== 'string') return { problem: `${answer}: ${JSON.stringify(x.json).slice(0, 160)}`, cause: 'JSON without a string "error" code' };
  return {};
}
