// A wrong address (MP-WRONG-ADDRESS): the token request sent to the API host fails at once, and an API
// call sent to the auth host is no false success.
import type { Check } from '../../src/harness/suite-api/check.ts';
import { CheckBlocked } from '../../src/harness/suite-api/CheckBlocked.ts';
import type { CaseOutcome } from '../../src/verdict/finding.ts';
import type { MeetingPlatformTarget } from '../../src/harness/suite-api/targets.ts';
import { field, summarize } from '../../src/meeting-platform/exchange.ts';
import { apiCurl, apiGet, apiUrl } from '../../src/meeting-platform/platformRequests.ts';
import { sessionFor } from './platformSession.ts';
import { answerOf, tokenProbeWords, probeAnswer, probeCase, refusalProblem, seedRequestServed } from './tokenProbes.ts';

export function defineWrongAddressChecks(check: Check, target: MeetingPlatformTarget): void {
  check(
    'MP-WRONG-ADDRESS',
    'the token request on the API host fails at once; an API call on the auth host is no false success',
    async (ctx) => {
      const cases: CaseOutcome[] = [];
      const wrong = ['token-on-api-host', 'token-under-api-version'] as const;
      // The two wrong addresses stand alone: side by side.
      const probes = await Promise.all(wrong.map((name) => probeAnswer(target, name, ctx.signal)));
      for (const [i, name] of wrong.entries()) {
        const p = probes[i];
        if (!p) {
          ctx.notJudged(name, 'the API host serves the token address itself (one host for both)');
          continue;
        }
        ctx.evidence(tokenProbeWords[name], summarize(p.exchange));
        cases.push(probeCase(p, tokenProbeWords[name], refusalProblem(p.exchange)));
      }
      const onAuthHost = apiUrl(target.authUrl, '/v2/users/me');
      if (onAuthHost === apiUrl(target.apiBaseUrl, '/v2/users/me')) {
        ctx.notJudged('api-on-auth-host', 'the auth host serves the API itself (one host for both)');
      } else {
        const token = await sessionFor(target).token().catch((err: unknown) => {
          if (!(err instanceof CheckBlocked)) throw err;
          ctx.notJudged('api-on-auth-host', err.message);
          return undefined;
        });
        if (token !== undefined) await apiOnAuthHost(token);
      }
      if (!cases.length) ctx.skip('the auth and API addresses are one: no address to confuse');
      ctx.reproduction(cases[0]!.reproduction!);
      ctx.conclude({ of: 'requests sent to the wrong host', failed: 'were answered as if the address were right', cases });
      // The same token request at the right address served: the wrong one's refusal is the address's.
      await seedRequestServed(target, ctx);

      async function apiOnAuthHost(token: string): Promise<void> {
        const me = await apiGet(target, '/v2/users/me', token, ctx.signal);
        const x = await apiGet({ apiBaseUrl: target.authUrl, limits: target.limits }, '/v2/users/me', token, ctx.signal);
        ctx.evidence('GET /v2/users/me on the auth host', summarize(x));
        const sameUser = x.status === 200 && x.isJson && field(x, 'id') !== undefined && field(x, 'id') === field(me, 'id');
        const outcome =
          x.status >= 500
            ? { problem: `${x.status}`, cause: 'a server error' }
            : x.status >= 200 && x.status < 300 && !sameUser
              ? { problem: `${x.status} ${x.contentType || 'without a content type'}`, cause: 'a success that is not the current user: a client cannot tell it went to the wrong host' }
              : {};
        cases.push({ label: 'GET /v2/users/me sent to the auth host', ...outcome, evidence: summarize(x), reproduction: apiCurl(target.authUrl, '/v2/users/me'), answer: answerOf(x) });
      }
    },
    { paths: ['token-on-api-host', 'token-under-api-version', 'api-on-auth-host'] },
  );
}
