import { credentialEnv } from '../../meeting-platform/core/meetingCredentials.ts';
import { tokenAssignment } from '../../meeting-platform/platformRequests.ts';
import { curlCommand } from '../../exchange/curlCommand.ts';
import type { ClientCase } from '../ClientCase.ts';
import type { ClientJudgeSpec } from '../ClientJudgeSpec.ts';
import { withCutNote } from '../JournalEntry.ts';
import { createClientJudge, type ClientJudge, type ClientJudgeOptions } from '../createClientJudge.ts';
import { showRequest } from '../showRequest.ts';
import type { ClientRequest, TokenNamer } from '../ClientExchange.ts';
import type { ShownRequest } from '../../exchange/curlCommand.ts';
import { judgeBearer } from './bearerRule.ts';
import { judgeIdEncoding, listedUuids } from './idEncodingRule.ts';
import { mayBeToken, newMeetingClientState, type MeetingClientState } from './MeetingClientState.ts';
import { observePages, settlePages } from './pageTokenRules.ts';
import { judgePageSize } from './pageSizeRule.ts';
import { judgeRoute } from './routeRule.ts';
import { decodedBasic, meetingExchangeReader, type MeetingPlatformAddresses, type MeetingRead } from './readMeetingExchange.ts';
import { judgeTokenBasic, judgeTokenForm, tokenFields } from './tokenRequestRules.ts';
import { observeTokens, settleTokenReuse } from './tokenReuse.ts';

const accessToken = 'ACCESS_TOKEN';
/** What an access token can look like: a long run of URL-safe and base64 characters. */
const tokenLike = /^[A-Za-z0-9._~+/=-]{20,}$/;

/** The key under which a request counts as "the same call" for Retry-After: method, path and query as sent. */
function callKey(read: MeetingRead): string {
  const { method, origin, path, query } = read.x.request;
  return `${method} ${origin}${path}?${query}`;
}

/** The client secrets a token request shows: in its Basic credentials, or as a field. */
function secretsOf(read: MeetingRead): Array<readonly [string, string]> {
  const found: Array<readonly [string, string]> = [];
  const { auth } = read;
  if (auth?.scheme.toLowerCase() === 'basic') {
    const decoded = decodedBasic(auth.credentials);
    const colon = decoded.indexOf(':');
    if (colon >= 0) found.push([decoded.slice(colon + 1), credentialEnv.clientSecret]);
  }
  if (read.op === 'token') {
    const secret = tokenFields(read).get('client_secret') ?? (/"client_secret"\s*:\s*"([^"]+)"/.exec(read.x.request.body)?.[1] ?? null);
    if (secret) found.push([secret, credentialEnv.clientSecret]);
  }
  return found;
}

/** The Authorization header as a report shows it: Basic as "id:$MEETING_CLIENT_SECRET" (curl -u), a token the platform issued as $ACCESS_TOKEN. */
function showAuthorization(read: MeetingRead, issued: (value: string) => boolean, value: string): string {
  const { auth } = read;
  if (!auth) return value;
  if (auth.scheme.toLowerCase() === 'basic' && /^[A-Za-z0-9+/]+={0,2}$/.test(auth.credentials)) {
    const decoded = decodedBasic(auth.credentials);
    const colon = decoded.indexOf(':');
    if (colon >= 0 && !/[\u0000-\u001f]/.test(decoded)) return `Basic ${decoded.slice(0, colon)}:$${credentialEnv.clientSecret}`;
    return value;
  }
  // A bearer token, or a token the platform issued under any scheme: never shown.
  if (auth.scheme.toLowerCase() === 'bearer' || issued(auth.credentials)) return `${auth.scheme} $${accessToken}`;
  return value;
}

/**
 * A request as a report shows it, a token the platform issued named wherever the client put it; and
 * whether the showing read the state (a value that could be such a token). Apart from the spec's `show`,
 * whose closures would otherwise be made for a request shown again too.
 */
function showAfresh(r: MeetingRead, state: MeetingClientState): { shown: ShownRequest; readState: boolean } {
  let readState = false;
  const issuedHere = (value: string) => {
    if (!mayBeToken(state, value)) return false;
    readState = true;
    return isIssued(value, state);
  };
  const issued = (value: string) => (issuedHere(value) ? accessToken : undefined);
  const header = (name: string, value: string) => (name === 'authorization' ? showAuthorization(r, issuedHere, value) : issued(value) ? `$${accessToken}` : value);
  const shown = showRequest(r.x.request, secretParams, header, issued);
  return { shown, readState };
}

/** Whether a value is an access token the platform issued (and the judge still knows). */
function isIssued(value: string, state: MeetingClientState): boolean {
  return mayBeToken(state, value) && tokenLike.test(value) && state.tokens.find(value) >= 0;
}

/** The fields named wherever they are sent. */
const secretParams = { access_token: accessToken, client_secret: credentialEnv.clientSecret };

const clauses = {
  'MP-CLIENT-ROUTE': { title: "every request is one of the platform's operations, at its address and with its method", of: 'requests', failed: 'were sent to a route or with a method the platform does not have' },
  'MP-CLIENT-TOKEN-BASIC': { title: 'the token request authenticates the client with HTTP Basic', of: 'token requests', failed: 'did not authenticate the client with HTTP Basic' },
  'MP-CLIENT-TOKEN-FORM': { title: 'the token request is a POST with grant_type=account_credentials and account_id as a form', of: 'token requests', failed: 'were not the account-credentials form' },
  'MP-CLIENT-BEARER': { title: 'every API call carries Authorization: Bearer with a live access token', of: 'API calls', failed: 'carried no live bearer token' },
  'MP-CLIENT-TOKEN-REUSE': { title: 'the access token is reused while it is valid', of: 'token cases', failed: 'replaced a valid access token early' },
  'MP-CLIENT-ID-ENCODING': { title: 'meeting identifiers are encoded so the platform reads them intact', of: 'meeting requests', failed: 'sent an identifier the platform reads as another' },
  'MP-CLIENT-PAGE-TOKEN': { title: 'the next_page_token just received is sent back as received', of: 'page-token cases', failed: 'did not send back the next_page_token just received, as received' },
  'MP-CLIENT-PAGE-WALK': { title: 'a walk of the meeting list continues while next_page_token is not empty', of: 'pages with a next_page_token', failed: 'ended a walk with next_page_token pending' },
  'MP-CLIENT-PAGE-SIZE': { title: 'page_size on the meeting list is an integer', of: 'meeting-list requests with page_size', failed: 'sent a page_size that is not one integer' },
  'MP-CLIENT-RETRY-AFTER': { title: 'no call is sent again before the Retry-After of its 429', of: 'calls after a 429', failed: 'were sent again before Retry-After' },
};

/** The meeting platform's client clauses (MP-CLIENT-*) as a judge spec. */
/** `namer`: how the server names the tokens it mints, when the judge sits in the server (a mock's); see TokenNamer. */
export function meetingPlatformClientSpec(addresses: MeetingPlatformAddresses, namer?: TokenNamer): ClientJudgeSpec<MeetingRead, MeetingClientState> {
  const read = meetingExchangeReader(addresses);
  // The request shown last, if its showing read nothing of the state, and how many token lengths were
  // known then (the set only grows: the same size is the same set).
  let lastShown: { request: ClientRequest; shown: ShownRequest; lengths: number } | undefined;
  // The token answer shown last, when its token was in it once: the text around the token, and the showing.
  let lastTokenAnswer: { prefix: string; suffix: string; shown: string } | undefined;
  // The cases of the rules that read the request alone (and the answer's status), for the request before:
  // a client sends the same token request or list call again and again, and each is judged the same.
  let lastJudged: { request: ClientRequest; status: number; cases: readonly ClientCase[] } | undefined;
  // The secrets of the request before, and that request.
  let lastSecrets: { request: ClientRequest; found: ReadonlyArray<readonly [string, string]> } | undefined;
  const requestCases = (r: MeetingRead): readonly ClientCase[] => {
    const { request, answer } = r.x;
    if (lastJudged !== undefined && lastJudged.status === answer.status && r.sameAs !== undefined && r.sameAs === lastJudged.request) {
      lastJudged.request = request;
      return lastJudged.cases;
    }
    const cases: ClientCase[] = [];
    const add = (c: ClientCase | undefined) => {
      if (c !== undefined) cases.push(Object.freeze(c));
    };
    add(judgeRoute(r));
    if (r.op === 'token') {
      add(judgeTokenBasic(r));
      add(judgeTokenForm(r));
    }
    add(judgePageSize(r));
    lastJudged = { request, status: answer.status, cases: Object.freeze(cases) };
    return lastJudged.cases;
  };
  return {
    suite: 'meeting-platform',
    clauses,
    newState: () => newMeetingClientState(namer),
    read,
    secrets(r) {
      // Sent alike, a request shows the same secrets: the same (frozen) list, which the judge knows it has learned.
      if (lastSecrets !== undefined && r.sameAs !== undefined && r.sameAs === lastSecrets.request) {
        lastSecrets.request = r.x.request;
        return lastSecrets.found;
      }
      lastSecrets = { request: r.x.request, found: Object.freeze(secretsOf(r)) };
      return lastSecrets.found;
    },
    show(r, state) {
      const { request } = r.x;
      // The same request again shows the same, while no value in it could be a token the platform issued.
      const lengths = state.tokenLengths?.size;
      if (lastShown && lengths === lastShown.lengths && r.sameAs !== undefined && r.sameAs === lastShown.request) {
        lastShown.request = request;
        return lastShown.shown;
      }
      const { shown, readState } = showAfresh(r, state);
      lastShown = readState || lengths === undefined ? undefined : { request, shown, lengths };
      return shown;
    },
    showAnswer(r) {
      const token = (r.answer as { access_token?: unknown } | undefined)?.access_token;
      const { body } = r.x.answer;
      if (typeof token !== 'string' || !token) return body;
      // A token answer that reads as the one before around its new token shows as that one did. The text
      // around the token is shorter than it, so cannot hold it too: three comparisons at known places,
      // where splitting the body on a 400-character token cost 550-800 ns a token answer (170 ns so).
      const last = lastTokenAnswer;
      if (last !== undefined) {
        const at = last.prefix.length;
        const end = at + token.length;
        if (body.length === end + last.suffix.length && at < token.length && last.suffix.length < token.length && body.slice(at, end) === token && body.slice(0, at) === last.prefix && body.slice(end) === last.suffix) return last.shown;
      }
      const parts = body.split(token);
      const shown = parts.join(`$${accessToken}`);
      lastTokenAnswer = parts.length === 2 ? { prefix: parts[0]!, suffix: parts[1]!, shown } : undefined;
      return shown;
    },
    observe(r, state, entry, found) {
      for (const c of requestCases(r)) found(c);
      let c = judgeBearer(r, state);
      if (c !== undefined) found(c);
      c = judgeIdEncoding(r, state);
      if (c !== undefined) found(c);
      // With no 429 watched and none answered, the watch has nothing to judge or keep: no key is made.
      if (r.op !== 'token' && r.op !== 'other' && (state.retry.watching || r.x.answer.status === 429)) {
        const key = callKey(r);
        c = state.retry.judge(key, r.x.receivedAt);
        if (c !== undefined) found(c);
        state.retry.record(key, r.x.answer, r.x.answeredAt, entry);
      }
      observeTokens(r, state, entry, found);
      observePages(r, state, entry, found);
      // Only a meeting or a list answered lists UUIDs (listedUuids): a token answer in between leaves the
      // page set last as it was.
      const from = state.uuidsFrom;
      if ((r.op === 'meetings' || r.op === 'meeting') && r.x.answer.status === 200 && (from?.answer !== r.x.answer || from.op !== r.op || from.generation !== state.uuids.generation)) {
        const generation = state.uuids.generation;
        for (const uuid of listedUuids(r)) state.uuids.set(uuid, true);
        // Only an answer object handed out again (a mock's frozen page) can come back the same.
        state.uuidsFrom = Object.isFrozen(r.x.answer) && state.uuids.generation === generation ? { answer: r.x.answer, op: r.op, generation } : undefined;
      }
    },
    settle(state, { end }) {
      const pages = settlePages(state, end);
      return { cases: [...settleTokenReuse(state), ...pages.cases], pending: pages.pending };
    },
    reproduction(entry) {
      const command = curlCommand(entry.request);
      const withToken = /\$\{?ACCESS_TOKEN\b/.test(command) ? `${tokenAssignment(addresses.authUrl)}\n${command}` : command;
      return withCutNote(entry, withToken);
    },
  };
}

export interface MeetingPlatformClientJudgeOptions extends MeetingPlatformAddresses, ClientJudgeOptions {
  /** How the server names the tokens it mints (a mock judging its own client); a proxy has none. */
  tokenNamer?: TokenNamer;
}

/**
 * A judge of a meeting-platform client's requests (MP-CLIENT-* clauses), fed the exchanges as they
 * happen: by the mock, or by a validation proxy in front of a real deployment. It knows only the
 * platform's addresses and the exchanges it is shown.
 */
export function meetingPlatformClientJudge(options: MeetingPlatformClientJudgeOptions): ClientJudge {
  const { authUrl, apiBaseUrl, tokenNamer, ...judgeOptions } = options;
  return createClientJudge(meetingPlatformClientSpec({ authUrl, apiBaseUrl }, tokenNamer), judgeOptions);
}

