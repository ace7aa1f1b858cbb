import type { Check } from '../../src/harness/suite-api/check.ts';
import type { CaseOutcome } from '../../src/verdict/finding.ts';
import type { MeetingPlatformTarget } from '../../src/harness/suite-api/targets.ts';
import { diagnoseApi } from '../../src/meeting-platform/diagnoseFirstCall.ts';
import { field, summarize, type Exchange } from '../../src/meeting-platform/exchange.ts';
import { apiCurl, apiGet, requestToken } from '../../src/meeting-platform/platformRequests.ts';
import { sessionFor } from './platformSession.ts';
import { answerOf } from './tokenProbes.ts';

const mePath = '/v2/users/me';

/** What is wrong with an answer to GET /v2/users/me with a good token: not 200 JSON with an id, or another user's. */
function meProblem(x: Exchange, expectedId: unknown): Pick<CaseOutcome, 'problem' | 'cause'> {
  const seen = `${x.status} ${x.contentType || 'without a content type'}`;
  if (x.status !== 200) return { problem: seen, cause: `HTTP ${x.status} instead of 200` };
  if (!x.isJson) return { problem: seen, cause: 'not JSON' };
  const id = field(x, 'id');
  if (typeof id !== 'string' || !id) return { problem: `id ${JSON.stringify(id)}`, cause: 'no current user with an id' };
  if (expectedId !== undefined && id !== expectedId) return { problem: `id ${JSON.stringify(id)}, not ${JSON.stringify(expectedId)}`, cause: 'another user than the first answer named' };
  return {};
}

/** The current user (MP-ME-200), with every token the app holds. */
export function defineMeChecks(check: Check, target: MeetingPlatformTarget): void {
  check(
    'MP-ME-200',
    '/v2/users/me answers 200 JSON with the current user: with the first token, asked twice, with a second token and with the first again',
    async (ctx) => {
      const first = await sessionFor(target).token();
      ctx.reproduction(apiCurl(target.apiBaseUrl, mePath));
      const get = async (label: string, token: string) => {
        const x = await apiGet(target, mePath, token, ctx.signal);
        ctx.evidence(label, summarize(x));
        return x;
      };
      const firstAnswer = await get('GET /v2/users/me', first);
      if (firstAnswer.status !== 200 || !firstAnswer.isJson) ctx.diagnose(diagnoseApi(firstAnswer, target.apiBaseUrl, undefined, true));
      const id = field(firstAnswer, 'id');
      const known = typeof id === 'string' && id ? id : undefined;
      const meCase = (label: string, x: Exchange, id: string | undefined): CaseOutcome => ({ label, ...meProblem(x, id), reproduction: apiCurl(target.apiBaseUrl, mePath), answer: answerOf(x) });
      const cases: CaseOutcome[] = [meCase('with the first token', firstAnswer, undefined)];
      cases.push(meCase('the same request again', await get('asked again', first), known));
      // An app may hold several tokens at once: a second one works, and does not end the first.
      const again = await requestToken({ authUrl: target.authUrl, credentials: target.credentials, limits: target.limits, signal: ctx.signal });
      const second = field(again, 'access_token');
      if (again.status === 200 && typeof second === 'string' && second) {
        ctx.secret(second, 'ACCESS_TOKEN');
        cases.push(meCase('with a second token', await get('with a second token', second), known));
        cases.push(meCase('with the first token, after the second was issued', await get('with the first token again', first), known));
      } else {
        const why = `no second token to try (MP-TOKEN-FLOW judges that): ${again.status} ${again.contentType || '(no content type)'}`;
        ctx.notJudged('second-token', why);
        ctx.notJudged('first-token-again', why);
      }
      ctx.conclude({
        of: 'requests for the current user',
        failed: 'did not answer 200 JSON with the current user',
        rule: 'GET /v2/users/me with a token the platform issued answers 200 with the current user, carrying its id, whichever of the app\'s tokens it carries',
        cases,
      });
    },
    { paths: ['first-token', 'asked-twice', 'second-token', 'first-token-again'] },
  );
}
