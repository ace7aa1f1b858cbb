// What every API operation owes a client (MP-API-*): a 401 without a good token or with one that is almost
// good, the token served in every form equal to the seed's, and error bodies with a code and a message.
// Each is checked on the current user, the meeting list and a meeting by id (by UUID too), with the
// answers of one set of read-only probes (apiProbes.ts).
import type { Check } from '../../src/harness/suite-api/check.ts';
import type { MeetingPlatformTarget } from '../../src/harness/suite-api/targets.ts';
import { nearMissCause } from '../../src/meeting-platform/core/nearMisses.ts';
import { apiErrorProblem, kindOf, notRefusedCause } from '../../src/rules/meeting-platform/answerProblems.ts';
import { summarize } from '../../src/meeting-platform/exchange.ts';
import { apiCurl } from '../../src/meeting-platform/platformRequests.ts';
import { bearerEquivalentNames, bearerNearMissNames, operationWords, probe, refusedCase, reproduce, unjudged } from './apiProbes.ts';
import { answerOf } from './tokenProbes.ts';

const unauthorizedPaths = ['me-no-token', 'me-foreign-token', 'list-no-token', 'list-foreign-token', 'meeting-no-token', 'meeting-foreign-token', 'meeting-uuid-no-token'];
const errorPaths = ['me-error', 'list-error', 'meeting-error'];

export function defineApiChecks(check: Check, target: MeetingPlatformTarget): void {
  check(
    'MP-API-401',
    'every operation answers 401 without a token or with one the platform did not issue',
    async (ctx) => {
      const { probes } = await probe(target, ctx.signal);
      const refused = probes.filter((p) => p.credential === 'none' || p.credential === 'foreign');
      ctx.reproduction(reproduce(target, refused[0]!));
      ctx.evidence('answers', refused.map((p) => `${p.label}: ${summarize(p.exchange)}`).join('\n\n'));
      ctx.conclude({
        of: 'requests without a valid token',
        failed: 'were not refused with 401',
        rule: 'every API operation answers a request without a token, or with one the platform did not issue, with 401 and none of its data',
        cases: refused.map((p) => {
          const x = p.exchange;
          return refusedCase(target, p, notRefusedCause(x, operationWords[p.operation]));
        }),
      });
    },
    { paths: unauthorizedPaths },
  );

  check(
    'MP-API-NEAR-MISS',
    'every operation answers 401 to a credential that is almost the access token: the client credentials, the token a character longer or shorter, half of it, under another scheme, in the query string, in no-break spaces, in another case',
    async (ctx) => {
      const { probes, blocked, sameAsToken } = await probe(target, ctx.signal);
      const near = probes.filter((p) => p.nearMiss);
      for (const name of sameAsToken) ctx.notJudged(name, 'the access token has no letter: no other case to send it in');
      if (blocked) for (const name of bearerNearMissNames) if (!near.some((p) => p.nearMiss === name) && !sameAsToken.includes(name)) ctx.notJudged(name, blocked.message);
      ctx.reproduction(reproduce(target, near[0]!));
      ctx.evidence('answers', near.map((p) => `${p.label}: ${summarize(p.exchange)}`).join('\n\n'));
      ctx.conclude({
        of: 'requests with a credential that is almost the access token',
        failed: 'were not refused with 401',
        rule: 'a credential that is almost the bearer token (the client credentials, the token with a character more or less, a part of it, under another scheme or in the query string, in no-break spaces, in another case) is no token: 401 and none of the data, on every operation',
        cases: near.map((p) => refusedCase(target, p, nearMissCause(p.nearMiss!, p.exchange.status))),
      });
      // The near misses it could send were refused; the ones derived from a token it could not make.
      if (blocked) throw blocked;
      // The refusals prove a comparison only beside the token itself served on the same operations.
      // The current user alone: a list or a meeting the platform gets wrong is other clauses' fault, not the token's.
      const exact = probes.filter((p) => p.credential === 'valid' && p.success && p.operation === 'me');
      const unserved = exact.filter((p) => p.exchange.status !== 200);
      ctx.control({
        label: 'the access token itself, as the seed sends it, on the current user',
        clause: 'MP-ME-200',
        problem: exact.length === 0 ? 'not sent' : unserved.length ? unserved.map((p) => `${p.label}: ${answerOf(p.exchange)}`).join('; ') : undefined,
      });
    },
    { paths: [...bearerNearMissNames] },
  );

  check(
    'MP-API-EQUIVALENT',
    'every operation serves the access token under the scheme word in another case (bearer, BEARER), as it serves "Bearer"',
    async (ctx) => {
      const { probes, blocked } = await probe(target, ctx.signal);
      // The forms are the token's: without a token, MP-TOKEN-FLOW's failure says why none was sent.
      if (blocked) throw blocked;
      const equal = probes.filter((p) => p.equivalent);
      ctx.reproduction(reproduce(target, equal[0]!));
      ctx.evidence('answers', equal.map((p) => `${p.label}: ${summarize(p.exchange)}`).join('\n\n'));
      ctx.conclude({
        of: 'requests with the access token in a form equal to the seed\'s',
        failed: 'were not served',
        rule: 'the auth scheme is a case-insensitive token (RFC 7235 §2.1): "bearer" and "BEARER" are "Bearer", and the operation answers 200 as it does to the seed\'s form',
        cases: equal.map((p) => {
          const x = p.exchange;
          return { label: p.label, ...(x.status === 200 ? {} : { problem: `${x.status} with ${kindOf(x)}`, cause: `HTTP ${x.status} for the token under the scheme word in another case` }), evidence: summarize(x), reproduction: reproduce(target, p), answer: answerOf(x) };
        }),
      });
    },
    { paths: [...bearerEquivalentNames] },
  );

  check(
    'MP-API-ERROR-BODY',
    'the errors of every operation carry a numeric code and a message',
    async (ctx) => {
      ctx.reproduction(apiCurl(target.apiBaseUrl, '/v2/users/me', false));
      const { probes, blocked } = await probe(target, ctx.signal);
      const errors = probes.filter((p) => p.exchange.status >= 400);
      ctx.evidence('error answers', errors.map((p) => `${p.label}: ${summarize(p.exchange)}`).join('\n\n'));
      if (!errors.length && !blocked) ctx.skip('none of the probes (no token, unknown meeting, invalid parameters) got an error answer to judge');
      unjudged(ctx, errorPaths, new Set(errors.map((p) => `${p.operation}-error`)), 'none of its probes got an error answer');
      ctx.conclude({
        of: 'error answers',
        failed: 'lack a numeric code and a message',
        rule: 'an API error must be a JSON object with a numeric code and a message',
        cases: errors.map((p) => ({
          label: p.label,
          ...apiErrorProblem(p.exchange),
          evidence: summarize(p.exchange),
          reproduction: reproduce(target, p),
          answer: answerOf(p.exchange),
        })),
      });
      // The errors it could provoke were well formed; the ones that need a token it could not provoke.
      if (blocked) throw blocked;
    },
    { paths: errorPaths },
  );
}
