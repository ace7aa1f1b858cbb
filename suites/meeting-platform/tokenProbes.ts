import type { CheckContext } from '../../src/harness/suite-api/check.ts';
import type { CaseOutcome } from '../../src/verdict/finding.ts';
import { currentRedactor } from '../../src/harness/suite-api/currentRedactor.ts';
import { suiteFileMap } from '../../src/harness/suite-api/suiteFileState.ts';
import type { MeetingPlatformTarget } from '../../src/harness/suite-api/targets.ts';
import { field, summarize, type Exchange } from '../../src/meeting-platform/exchange.ts';
import { apiUrl, tokenUrl } from '../../src/meeting-platform/platformRequests.ts';
import { accountNearMiss, accountNearMissNames, accountNearMissWords, clientNearMiss, clientNearMissNames, clientNearMissWords, grantTypeNearMiss, grantTypeNearMissNames, grantTypeNearMissWords } from '../../src/meeting-platform/core/nearMisses.ts';
import { tokenEquivalent, tokenEquivalentNames, tokenEquivalentWords } from '../../src/meeting-platform/core/tokenEquivalents.ts';
import { sessionFor } from './platformSession.ts';
import { seedFields, sendTokenProbe, tokenProbeCurl, type TokenProbe } from '../../src/meeting-platform/tokenProbe.ts';

/**
 * The token requests the token checks send, by the path of the clause × path matrix they stand for
 * (specs/meeting-platform.paths.json). Each is sent once per target, however many clauses judge its
 * answer: the refusals' status, their body and their error code are three clauses of one answer.
 */
export const tokenProbeNames = [
  'query',
  'json-body',
  'form-as-text-plain',
  'form-as-json',
  'no-content-type',
  'account-missing',
  'wrong-secret',
  'unknown-client',
  'no-client-auth',
  'client-credentials',
  'authorization-code',
  'grant-type-missing',
  'get',
  'token-on-api-host',
  'token-under-api-version',
  ...clientNearMissNames,
  ...accountNearMissNames,
  ...grantTypeNearMissNames,
  ...tokenEquivalentNames,
] as const;

export type TokenProbeName = (typeof tokenProbeNames)[number];

/** What each probe is, in a case's label. */
export const tokenProbeWords: Record<TokenProbeName, string> = {
  query: 'the fields in the query string, no body',
  'json-body': 'the fields as a JSON body',
  'form-as-text-plain': 'the form body as text/plain',
  'form-as-json': 'the form body labelled application/json',
  'no-content-type': 'the form body with no Content-Type',
  'account-missing': 'no account_id',
  'wrong-secret': 'a wrong client secret',
  'unknown-client': 'a client id nobody issued',
  'no-client-auth': 'no client authentication',
  'client-credentials': 'grant_type=client_credentials',
  'authorization-code': 'grant_type=authorization_code',
  'grant-type-missing': 'no grant_type',
  get: 'GET with the fields in the query string',
  'token-on-api-host': 'the token request sent to the API host',
  'token-under-api-version': 'the token request sent under the API version prefix (/v2/oauth/token)',
  ...clientNearMissWords,
  ...accountNearMissWords,
  ...grantTypeNearMissWords,
  ...tokenEquivalentWords,
};

/**
 * The token request each name sends; undefined for an address that is the token address itself (no
 * wrong one), and for the client id or account_id in another case when it has no letters (no near miss).
 */
export function tokenProbe(target: MeetingPlatformTarget, name: TokenProbeName): TokenProbe | undefined {
  const fields = seedFields(target.credentials);
  const form = { client: 'valid', fields, place: 'form' } as const;
  const wrongAddress = (url: string) => (url === tokenUrl(target.authUrl) ? undefined : { ...form, url });
  switch (name) {
    case 'query':
      return { ...form, place: 'query' };
    case 'json-body':
      return { ...form, place: 'json' };
    case 'form-as-text-plain':
      return { ...form, contentType: 'text/plain' };
    case 'form-as-json':
      return { ...form, contentType: 'application/json' };
    case 'no-content-type':
      return { ...form, contentType: null };
    case 'account-missing':
      return { ...form, fields: seedFields(target.credentials, { account_id: undefined }) };
    case 'wrong-secret':
      return { ...form, client: 'wrong-secret' };
    case 'unknown-client':
      return { ...form, client: 'unknown-client' };
    case 'no-client-auth':
      return { ...form, client: 'none' };
    case 'client-credentials':
      return { ...form, fields: seedFields(target.credentials, { grant_type: 'client_credentials' }) };
    case 'authorization-code':
      return { ...form, fields: seedFields(target.credentials, { grant_type: 'authorization_code' }) };
    case 'grant-type-missing':
      return { ...form, fields: seedFields(target.credentials, { grant_type: undefined }) };
    case 'get':
      return { ...form, place: 'query', method: 'GET' };
    case 'token-on-api-host':
      return wrongAddress(tokenUrl(target.apiBaseUrl));
    case 'token-under-api-version':
      return wrongAddress(apiUrl(target.apiBaseUrl, '/v2/oauth/token'));
    case 'secret-longer':
    case 'secret-shorter':
    case 'secret-line-break':
    case 'id-secret-swapped':
    case 'id-longer':
    case 'id-shorter':
    case 'id-case':
      return clientNearMiss(name, target.credentials) && { ...form, client: name };
    case 'grant-type-longer':
    case 'grant-type-shorter':
    case 'grant-type-case':
    case 'grant-type-spaces':
      return { ...form, fields: seedFields(target.credentials, { grant_type: grantTypeNearMiss(name) }) };
    case 'form-type-charset':
    case 'form-type-case':
    case 'basic-scheme-case':
      return { ...form, ...tokenEquivalent(name) };
    case 'account-spaces':
    case 'account-line-break':
    case 'account-case': {
      const near = accountNearMiss(name, target.credentials.accountId);
      return near && { ...form, fields: seedFields(target.credentials, { account_id: near.value }), shownFields: { account_id: near.shownValue } };
    }
  }
}

/** What a token probe got: its answer, and the curl that sends it again. */
export interface SentProbe {
  name: TokenProbeName;
  exchange: Exchange;
  reproduction: string;
}

const sent = suiteFileMap<string, Promise<SentProbe | undefined>>();

/**
 * The answer to a token probe, sent once per suite file, target and name (undefined for a wrong address that is the
 * token address itself). Any access token it brings is a secret from then on.
 */
export function probeAnswer(target: MeetingPlatformTarget, name: TokenProbeName, signal?: AbortSignal): Promise<SentProbe | undefined> {
  const key = JSON.stringify([target.label, name]);
  let answer = sent.get(key);
  if (!answer) {
    const probe = tokenProbe(target, name);
    answer = probe
      ? sendTokenProbe(target, probe, signal).then((exchange) => {
          currentRedactor().add(field(exchange, 'access_token') as string | undefined, 'ACCESS_TOKEN');
          return { name, exchange, reproduction: tokenProbeCurl(target.authUrl, target.credentials, probe, currentRedactor()) };
        })
      : Promise.resolve(undefined);
    // A probe aborted with its check is sent again by the next check that needs it.
    answer.catch(() => sent.delete(key));
    sent.set(key, answer);
  }
  return answer;
}

/** How a token request the seed says must fail did not fail at once: issued a token, answered as if right, a redirect, a server error. */
export function refusalProblem(x: Exchange): Pick<CaseOutcome, 'problem' | 'cause'> {
  const token = field(x, 'access_token');
  const seen = `${x.status} ${x.contentType || 'without a content type'}`;
  if (typeof token === 'string' && token) return { problem: `${seen} with an access token`, cause: 'issued an access token' };
  if (x.status < 300) return { problem: seen, cause: `answered ${x.status} as if the request were right` };
  if (x.status < 400) return { problem: `${seen}, Location ${x.headers.get('location') ?? '(none)'}`, cause: 'a redirect, not an immediate refusal' };
  if (x.status >= 500) return { problem: seen, cause: 'a server error, not a refusal' };
  return {};
}

/**
 * How a form body labelled application/json was not refused: refusalProblem's, and when it got a token or
 * a success, that the body was read as a form. A server error or a redirect says nothing of how it was read.
 */
export function mislabelledProblem(x: Exchange): Pick<CaseOutcome, 'problem' | 'cause'> {
  const refused = refusalProblem(x);
  if (!refused.cause) return {};
  return { problem: refused.problem, cause: x.status < 300 ? `${refused.cause}: the mislabelled body was read as a form` : refused.cause };
}

/** One probe's answer as a case of a check: its label, the curl, the answer as evidence. */
export function probeCase(p: SentProbe, label: string, outcome: Pick<CaseOutcome, 'problem' | 'cause' | 'diagnosis'>): CaseOutcome {
  return { label, ...outcome, evidence: summarize(p.exchange), reproduction: p.reproduction, answer: answerOf(p.exchange) };
}

/**
 * An answer in a few words, as a report of several targets sets the reference mock's beside a
 * deployment's ("the reference answers 404 HTML here; staging answers 200 JSON"): status and kind.
 */
export function answerOf(x: Exchange): string {
  return `${x.status} ${x.isJson ? 'JSON' : x.isHtml ? 'HTML' : x.contentType || 'without a content type'}`;
}

/**
 * What a token request's refusal is proven by: the seed's own token request served, an access token
 * issued (the session's, MP-TOKEN-FLOW's request). A platform that refuses every token request refuses
 * the near misses too; without a token the session blocks the check by MP-TOKEN-FLOW.
 */
export async function seedRequestServed(target: MeetingPlatformTarget, ctx: CheckContext): Promise<void> {
  await sessionFor(target).token();
  ctx.control({ label: "the seed's own token request (HTTP Basic, grant_type=account_credentials and account_id) served", clause: 'MP-TOKEN-FLOW' });
}
