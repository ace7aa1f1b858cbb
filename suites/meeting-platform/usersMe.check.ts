import { expect } from 'vitest';
import { checksFor, describeTarget } from '../../src/harness/check.ts';
import { CheckBlocked } from '../../src/harness/CheckBlocked.ts';
import { currentTargets } from '../../src/harness/currentTargets.ts';
import type { MeetingPlatformTarget } from '../../src/harness/targets.ts';
import { diagnoseApi } from '../../src/meeting-platform/diagnoseFirstCall.ts';
import { field, summarize, type Exchange } from '../../src/meeting-platform/exchange.ts';
import { apiCurl, apiGet } from '../../src/meeting-platform/platformRequests.ts';
import { sessionFor } from './platformSession.ts';
import { defineSpecResponseCheck, exchangeLogFor } from './specResponses.ts';

const check = checksFor('meeting-platform');

/** A bearer value no platform issued. */
const foreignToken = 'conform-invalid-token';

interface Probe {
  label: string;
  path: string;
  withToken: boolean;
  exchange: Exchange;
}

/**
 * Read-only requests that make the API answer both ways: successes, and the errors a client meets
 * (no token, an invalid parameter, an unknown meeting, a made-up page token). Without an access token
 * only the requests that need none are sent, and `blocked` says why the others were not.
 */
async function probe(target: MeetingPlatformTarget, signal: AbortSignal): Promise<{ probes: Probe[]; blocked?: CheckBlocked }> {
  let token: string | undefined;
  let blocked: CheckBlocked | undefined;
  try {
    token = await sessionFor(target).token();
  } catch (err) {
    if (!(err instanceof CheckBlocked)) throw err;
    blocked = err;
  }
  const requests = [
    { label: 'current user', path: '/v2/users/me', withToken: true },
    { label: 'current user without a token', path: '/v2/users/me', withToken: false },
    { label: 'meeting list', path: '/v2/users/me/meetings?page_size=5', withToken: true },
    { label: 'meeting list with page_size=abc', path: '/v2/users/me/meetings?page_size=abc', withToken: true },
    { label: 'meeting list with a made-up next_page_token', path: '/v2/users/me/meetings?next_page_token=conform-made-up', withToken: true },
    { label: 'unknown meeting', path: '/v2/meetings/1', withToken: true },
  ];
  const probes: Probe[] = [];
  for (const r of requests) {
    if (r.withToken && token === undefined) continue;
    probes.push({ ...r, exchange: await apiGet(target.apiBaseUrl, r.path, r.withToken ? token : undefined, signal) });
  }
  return { probes, ...(blocked ? { blocked } : {}) };
}

for (const target of currentTargets()['meeting-platform']) {
  describeTarget(target.label, () => {
    exchangeLogFor(target);
    check('MP-ME-200', '/v2/users/me answers 200 JSON with the token', async (ctx) => {
      const token = await sessionFor(target).token();
      ctx.reproduction(apiCurl(target.apiBaseUrl, '/v2/users/me'));
      const x = await apiGet(target.apiBaseUrl, '/v2/users/me', token, ctx.signal);
      ctx.evidence('GET /v2/users/me', summarize(x));
      if (x.status !== 200 || !x.isJson) ctx.diagnose(diagnoseApi(x, target.apiBaseUrl, undefined, true));
      expect(x.status, `GET /v2/users/me with a valid token must answer 200; got ${summarize(x)}`).toBe(200);
      expect(x.isJson, `the current user must come as JSON; got ${x.contentType || 'no content type'}`).toBe(true);
      const id = field(x, 'id');
      expect(typeof id === 'string' && id.length > 0, `the current user must carry its id; got ${JSON.stringify(id)}`).toBe(true);
    });

    check('MP-ME-401', '/v2/users/me answers 401 JSON without a valid token', async (ctx) => {
      ctx.reproduction(apiCurl(target.apiBaseUrl, '/v2/users/me', false));
      const cases = [];
      for (const [label, token] of [['no token', undefined], ['a token the platform did not issue', foreignToken]] as const) {
        const x = await apiGet(target.apiBaseUrl, '/v2/users/me', token, ctx.signal);
        ctx.evidence(label, summarize(x));
        const kind = x.isJson ? 'JSON' : x.isHtml ? 'an HTML page' : x.contentType || 'no content type';
        const cause = x.status !== 401 ? (x.status < 300 ? 'answered as if the token were good' : `HTTP ${x.status} instead of 401`) : x.isJson ? undefined : `401 with ${kind} where a JSON error was due`;
        cases.push({ label: `GET /v2/users/me with ${label}`, problem: cause && `${x.status} with ${kind}`, cause, reproduction: apiCurl(target.apiBaseUrl, '/v2/users/me', false) + (token ? ` -H 'Authorization: Bearer ${token}'` : '') });
      }
      ctx.conclude({ of: 'requests without a valid token', failed: 'were not refused with 401 and a JSON error body', cases });
    });

    check('MP-JSON-ONLY', 'every API answer, errors included, is JSON', async (ctx) => {
      ctx.reproduction(apiCurl(target.apiBaseUrl, '/v2/meetings/1'));
      const { probes, blocked } = await probe(target, ctx.signal);
      ctx.evidence('answers', probes.map((p) => `${p.label}: ${summarize(p.exchange)}`).join('\n\n'));
      ctx.conclude({
        of: 'API answers',
        failed: 'were not JSON',
        rule: 'every API answer, errors included, must be JSON (application/json that parses), never an HTML page',
        cases: probes.map((p) => ({
          label: p.label,
          problem: p.exchange.isJson ? undefined : `${p.exchange.status} ${p.exchange.contentType || 'without a content type'}`,
          cause: p.exchange.isHtml ? 'an HTML page where JSON was due' : 'not JSON',
          reproduction: apiCurl(target.apiBaseUrl, p.path, p.withToken),
        })),
      });
      // The answers it could get were JSON; the ones that need a token it could not ask for.
      if (blocked) throw blocked;
    });

    check('MP-API-ERROR-BODY', 'API errors carry a numeric code and a message', async (ctx) => {
      ctx.reproduction(apiCurl(target.apiBaseUrl, '/v2/users/me', false));
      const { probes, blocked } = await probe(target, ctx.signal);
      const errors = probes.filter((p) => p.exchange.status >= 400);
      ctx.evidence('error answers', errors.map((p) => `${p.label}: ${summarize(p.exchange)}`).join('\n\n'));
      if (!blocked) expect(errors.length, 'the probes (no token, unknown meeting, invalid parameters) produced no error to judge').toBeGreaterThan(0);
      ctx.conclude({
        of: 'error answers',
        failed: 'lack a numeric code and a message',
        rule: 'an API error must be a JSON object with a numeric code and a message',
        cases: errors.map((p) => {
          const fine = Number.isInteger(field(p.exchange, 'code')) && typeof field(p.exchange, 'message') === 'string';
          return {
            label: p.label,
            problem: fine ? undefined : `${p.exchange.status}: ${p.exchange.isJson ? JSON.stringify(p.exchange.json).slice(0, 160) : p.exchange.isHtml ? 'an HTML page' : p.exchange.contentType || 'no content type'}`,
            cause: p.exchange.isHtml ? 'an HTML page where a JSON error was due' : p.exchange.isJson ? 'JSON without a numeric code and a message' : 'not JSON',
            reproduction: apiCurl(target.apiBaseUrl, p.path, p.withToken),
          };
        }),
      });
      // The errors it could provoke were well formed; the ones that need a token it could not provoke.
      if (blocked) throw blocked;
    });

    defineSpecResponseCheck(check, target, 'the current-user checks');
  });
}
