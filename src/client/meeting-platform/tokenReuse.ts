import type { CaseSink, ClientCase, SettledCase } from '../ClientCase.ts';
import type { JournalEntry } from '../JournalEntry.ts';
import { bearerToken } from './bearerRule.ts';
import { keepToken, meetingStateBounds, type ClientRecord, type EarlyReplacement, type MeetingClientState } from './MeetingClientState.ts';
import { decodedBasic, type MeetingRead } from './readMeetingExchange.ts';
import { tokenFields } from './tokenRequestRules.ts';

const clause = 'MP-CLIENT-TOKEN-REUSE';
const diagnosis = 'Keep the access token with its expiry (expires_in) and reuse it for every call; request a new one only when it is about to expire (the platform\'s live an hour), and share it between the parts of the app.';

// The Basic credentials read last, decoded, and the client id they name (undefined: none, so the form's).
let lastDecoded: string | undefined;
let lastId: string | undefined;

/** The client id a token request names: its Basic credentials, or its client_id field. */
function clientIdOf(read: MeetingRead): string | undefined {
  const { auth } = read;
  if (auth?.scheme.toLowerCase() === 'basic') {
    const decoded = decodedBasic(auth.credentials);
    // The same credentials decoded before (the same string): the same id, the same string, whose hash the
    // clients map has already (a new slice per token request was hashed again).
    if (decoded !== lastDecoded) {
      const colon = decoded.indexOf(':');
      lastDecoded = decoded;
      lastId = colon > 0 ? decoded.slice(0, colon) : undefined;
    }
    if (lastId !== undefined) return lastId;
  }
  return tokenFields(read).get('client_id') ?? undefined;
}

/** A second call with a token: shown to be reused (one case for every token so used). */
const reuseCase: ClientCase = Object.freeze({ clause, path: 'reuse' });

function replacementCase(r: EarlyReplacement, failed: boolean): ClientCase {
  if (!failed) return { clause, path: 'later-token', entry: r.entry };
  return { clause, path: 'later-token', entry: r.entry, problem: replacementProblem(Math.round(r.ageMs / 1000), Math.round(r.leftMs / 60_000)), cause: 'a new access token while the one held was still valid', diagnosis };
}

// The problem said last: a client that takes a token per call is told the same, call after call.
let lastProblem = { ageS: -1, leftMin: -1, text: '' };

function replacementProblem(ageS: number, leftMin: number): string {
  if (ageS !== lastProblem.ageS || leftMin !== lastProblem.leftMin) {
    lastProblem = { ageS, leftMin, text: `requested a new access token ${ageS} s after the previous one, which was valid for ${leftMin} more minutes and never used again` };
  }
  return lastProblem.text;
}

/** Whether a replacement stands: the token it replaced was not used again after it. */
function stands(r: EarlyReplacement, state: MeetingClientState): boolean {
  return state.tokens.lastUsedId(r.replaced) <= r.atId;
}

/**
 * Decides a client's open replacement: the token it replaced was used again (another process of the app
 * holds it: no fault), or it was not. The first that stands is held back, as a restart would make one;
 * should its token come back into use it was none, and the next takes its place. Once two stand, both
 * are findings, and so is every later one. Each case goes to `found`.
 */
function decide(record: ClientRecord, state: MeetingClientState, found: CaseSink): void {
  const r = record.open;
  if (!r) return;
  record.open = undefined;
  if (!stands(r, state)) return found(replacementCase(r, false));
  if (record.failing) return found(replacementCase(r, true));
  const held = record.held;
  record.held = r;
  if (!held) return;
  if (!stands(held, state)) return found(replacementCase(held, false));
  record.held = undefined;
  record.failing = true;
  found(replacementCase(held, true));
  found(replacementCase(r, true));
}

/**
 * MP-CLIENT-TOKEN-REUSE as the exchanges come: an API call that uses a token a second time shows reuse; a
 * token answer to a client that holds a young token opens a replacement, decided at its next token
 * request (or when the report is made). Also keeps the tokens the platform issued (for MP-CLIENT-BEARER)
 * and their use.
 */
export function observeTokens(read: MeetingRead, state: MeetingClientState, entry: JournalEntry, found: CaseSink): void {
  const { x } = read;
  const bearer = read.op === 'token' ? undefined : bearerToken(read);
  if (bearer) {
    const used = state.tokens.find(bearer);
    if ((state.tokens.expiresAt(used) ?? 0) > x.receivedAt && state.tokens.use(used, entry.id) === 2) found(reuseCase);
    return;
  }
  if (read.op !== 'token' || x.answer.status !== 200) return;
  const body = read.answer as { access_token?: unknown; expires_in?: unknown } | undefined;
  const accessToken = typeof body?.access_token === 'string' ? body.access_token : undefined;
  const client = clientIdOf(read);
  if (!accessToken || !client) return;
  const ttlMs = (typeof body!.expires_in === 'number' && body!.expires_in > 0 ? body!.expires_in : 3600) * 1000;
  let record = state.clients.get(client);
  if (!record) {
    // Clients past the bound are not followed: their tokens are still known to MP-CLIENT-BEARER.
    if (state.clients.size >= meetingStateBounds.clients) record = undefined;
    else state.clients.set(client, (record = { failing: false }));
  }
  if (record) {
    // The token held before, read in place (no record object made per token request).
    const issuedAt = record.latest !== undefined ? state.tokens.issuedAt(record.latest) : undefined;
    decide(record, state, found);
    if (issuedAt !== undefined) {
      const expiresAt = state.tokens.expiresAt(record.latest!)!;
      const ageMs = x.receivedAt - issuedAt;
      const lifeMs = expiresAt - issuedAt;
      const leftMs = expiresAt - x.receivedAt;
      if (leftMs > 0 && ageMs < lifeMs / 2) record.open = { entry, replaced: record.latest!, atId: entry.id, ageMs, leftMs };
      else found({ clause, path: 'later-token' });
    }
  }
  const serial = keepToken(state, accessToken, client, x.answeredAt, x.answeredAt + ttlMs, entry.id, x.answer.minted);
  if (record) record.latest = serial;
}

/** The replacements still open or held when a report is made, decided on what is known by then (the state is left as it is). */
export function settleTokenReuse(state: MeetingClientState): SettledCase[] {
  const cases: SettledCase[] = [];
  for (const record of state.clients.values()) {
    const copy: ClientRecord = { ...record };
    const decided: ClientCase[] = [];
    decide(copy, state, (c) => decided.push(c));
    const held = copy.held ? [replacementCase(copy.held, false)] : [];
    for (const c of [...decided, ...held]) cases.push({ ...c, entry: c.entry! });
  }
  return cases;
}
