import { safeDecode } from '../safeDecode.ts';
import type { CaseSink, PendingNote, SettledCase } from '../ClientCase.ts';
import type { JournalEntry } from '../JournalEntry.ts';
import { answerCode } from './bearerRule.ts';
import { meetingStateBounds, type MeetingClientState, type PageToken } from './MeetingClientState.ts';
import type { MeetingRead } from './readMeetingExchange.ts';

const tokenDiagnosis =
  'Send next_page_token back exactly as the page returned it, encoded once: new URLSearchParams({ page_size, next_page_token }) or encodeURIComponent(token), not both; keep the same user and type.';
const staleDiagnosis =
  'Send back the next_page_token of the page just received, not one sent before: keep the token in the loop (token = page.next_page_token) and stop when it is empty. Asking again for a page whose request failed is a retry, and fine.';
const walkDiagnosis = 'Continue with next_page_token while it is not empty: the meetings after the first page are only reached through it.';

/** The list a request is for: the user path segment and the list type (the platform binds page tokens to both). */
function listOf(read: MeetingRead): string {
  // The same params and query objects (shared by the reads of the same route and query) name the same list.
  if (read.params !== listFrom.params || read.query !== listFrom.query) listFrom = { params: read.params, query: read.query, list: `${read.params.userId ?? ''}\n${read.query.get('type') ?? ''}` };
  return listFrom.list;
}

// The list named last, and what it was read from.
let listFrom: { params: object | undefined; query: URLSearchParams | undefined; list: string } = { params: undefined, query: undefined, list: '' };

function listName(list: string): string {
  const [user, type] = list.split('\n');
  return `the meeting list of ${user}${type ? ` (type ${type})` : ''}`;
}

function sentToken(read: MeetingRead): string {
  return read.query.get('next_page_token') ?? '';
}

/**
 * MP-CLIENT-PAGE-TOKEN and MP-CLIENT-PAGE-WALK as the list requests come: a next_page_token sent back is
 * compared with those the platform returned (as received, double-encoded, unencoded "+", another list's)
 * and with the walk it belongs to (one sent again once its page came, while a later page's token is
 * pending, is stale; a request that failed does not take its token, so its retry is none); a token sent
 * back continues its walk; a request from the first page while a token of the list is
 * pending marks that token, which is judged (dropped, or a walk that stopped) only when it expires unused
 * or the session ends. Then the page's own token is kept. Each case goes to `found`.
 */
export function observePages(read: MeetingRead, state: MeetingClientState, entry: JournalEntry, found: CaseSink): void {
  if (read.op !== 'meetings') return;
  const { x } = read;
  expire(state, x.receivedAt);
  const list = listOf(read);
  const sent = sentToken(read);
  if (sent) {
    const c = { clause: 'MP-CLIENT-PAGE-TOKEN', path: 'next-page', diagnosis: tokenDiagnosis };
    const exact = state.pageTokens.get(sent);
    const decoded = safeDecode(sent);
    const doubled = decoded !== undefined && decoded !== sent ? state.pageTokens.get(decoded) : undefined;
    const plus = sent.includes(' ') ? state.pageTokens.get(sent.replace(/ /g, '+')) : undefined;
    const followed = exact ?? doubled ?? plus;
    const ahead = followed && followed.list === list ? wentBackFrom(state, followed) : undefined;
    if (followed && ahead) {
      ahead.token.wentBack = true;
      found({ ...c, problem: staleProblem(followed, ahead), cause: 'a stale next_page_token: an earlier page asked for again while a later page\'s token was pending', diagnosis: staleDiagnosis });
    } else if (exact && exact.list !== list && x.answer.status !== 200) {
      found({ ...c, problem: `sent the next_page_token of ${listName(exact.list)} (request #${exact.entry.id}) with ${listName(list)}: a token continues its own list, with the same query`, cause: "another list's next_page_token" });
    } else if (exact) {
      found(c);
    } else if (doubled) {
      found({ ...c, problem: `next_page_token was encoded twice: the platform read "${sent}", the page (request #${doubled.entry.id}) returned "${decoded}"`, cause: 'next_page_token double-encoded' });
    } else if (plus) {
      found({ ...c, problem: `next_page_token was sent unencoded: its "+" reached the platform as a space ("${sent}"); encode it once (${encodeURIComponent(sent.replace(/ /g, '+'))})`, cause: 'next_page_token not encoded ("+" read as a space)' });
    } else if (x.answer.status === 400) {
      found({ ...c, problem: `the platform did not take this next_page_token (400${answerCode(read)}): it is not one a page returned, as received`, cause: 'a next_page_token the platform never returned' });
    } else {
      found(c);
    }
    if (followed && x.answer.status >= 200 && x.answer.status < 300) {
      if (followed.waiting > 0) followed.waiting--;
      const given = (read.answer as { next_page_token?: unknown } | undefined)?.next_page_token;
      followed.next = typeof given === 'string' ? given : '';
      followed.takenBy = entry;
    }
    if (followed && !followed.followed) {
      followed.followed = true;
      found({ clause: 'MP-CLIENT-PAGE-WALK', path: 'walk' });
      if (followed.restarted) found({ clause: 'MP-CLIENT-PAGE-TOKEN', path: 'restart' });
    }
  } else {
    markRestarts(state, list, entry);
  }
  const next = (read.answer as { next_page_token?: unknown } | undefined)?.next_page_token;
  if (x.answer.status === 200 && typeof next === 'string' && next !== '') {
    // A token returned again (the same page within a second gets the same one) is pending again: this
    // walk has to send it back too; one the client went past unsent stays so. Forgotten first, so it is
    // the newest (tokens expire in this order).
    const again = state.pageTokens.get(next);
    if (again) {
      // Renewed in place (what it led to, and a restart it saw while still pending, are kept).
      if (next !== state.newestPageToken) {
        state.pageTokens.delete(next);
        state.pageTokens.set(next, again);
        state.newestPageToken = next;
      }
      if (again.followed) again.restarted = undefined;
      again.list = list;
      again.issuedAt = x.answeredAt;
      again.entry = entry;
      again.followed = false;
      again.waiting++;
      if (again.restarted === undefined) queue(state, again);
    } else {
      // A token forgotten to stay within the bound is judged as one that expired.
      while (state.pageTokens.size >= meetingStateBounds.pageTokens) settleToken(state, state.pageTokens.keys().next().value!);
      const token: PageToken = { list, issuedAt: x.answeredAt, entry, followed: false, waiting: 1 };
      state.pageTokens.set(next, token);
      state.pageTokensExpireFrom = Math.min(state.pageTokensExpireFrom, x.answeredAt + pageTokenLifetimeMs);
      state.newestPageToken = next;
      queue(state, token);
    }
  }
}

/**
 * Where a walk went on from `sent` when it is sent again with no walk waiting at it (every answer that
 * carried it already led to the next page): the first token along the way on that is pending. Undefined
 * for a retry (a walk still waits at it: the request before failed), or when no walk went on past it
 * (a page asked again once the list ended is no step back).
 */
function wentBackFrom(state: MeetingClientState, sent: PageToken): { token: PageToken; steps: number } | undefined {
  if (sent.waiting > 0) return undefined;
  const seen = new Set<PageToken>([sent]);
  let value = sent.next;
  for (let steps = 1; value; steps++) {
    const token = state.pageTokens.get(value);
    if (!token || seen.has(token) || token.list !== sent.list) return undefined;
    if (token.waiting > 0) return { token, steps };
    seen.add(token);
    value = token.next;
  }
  return undefined;
}

function staleProblem(sent: PageToken, ahead: { token: PageToken; steps: number }): string {
  const back = ahead.steps === 1 ? 'the page it had already got' : `${ahead.steps} pages back`;
  return `sent again the next_page_token that request #${sent.entry.id} returned, which request #${sent.takenBy?.id ?? sent.entry.id} had already followed to the next page: this asks for ${back}, while the next_page_token of request #${ahead.token.entry.id} was pending (a stale token: the walk repeats pages and never reaches the rest)`;
}

/** How long a next_page_token lives on the real platform (and its mock): a walk idle longer has stopped. */
export const pageTokenLifetimeMs = 15 * 60_000;

/** Judges and forgets the tokens that expired unused by `now`: those walks stopped, or their tokens were dropped. */
function expire(state: MeetingClientState, now: number): void {
  // Skipped until the oldest can have expired: no iterator and entry made per list page.
  if (now < state.pageTokensExpireFrom) return;
  state.pageTokensExpireFrom = Infinity;
  for (const [token, page] of state.pageTokens) {
    if (page.issuedAt + pageTokenLifetimeMs > now) {
      state.pageTokensExpireFrom = page.issuedAt + pageTokenLifetimeMs;
      break;
    }
    settleToken(state, token);
  }
}

/** Whether a request from the first page of its list would mark this token restarted. */
function markable(token: PageToken): boolean {
  return !token.gone && !token.followed && token.restarted === undefined;
}

/** Marks the list's pending tokens as restarted by `entry` (a request from its first page), and drops from `markable` what no longer is. */
function markRestarts(state: MeetingClientState, list: string, entry: JournalEntry): void {
  if (state.markable.length === 0) return;
  const kept: PageToken[] = [];
  for (const token of state.markable) {
    if (markable(token) && token.list !== list) kept.push(token);
    else {
      if (markable(token)) token.restarted = entry;
      token.queued = undefined;
    }
  }
  state.markable = kept;
}

/** Puts a token in `markable` (once), compacting it when it holds twice the tokens kept. */
function queue(state: MeetingClientState, token: PageToken): void {
  if (token.queued) return;
  token.queued = true;
  state.markable.push(token);
  if (state.markable.length <= 2 * meetingStateBounds.pageTokens) return;
  state.markable = state.markable.filter((t) => {
    if (markable(t)) return true;
    t.queued = undefined;
    return false;
  });
}

function settleToken(state: MeetingClientState, token: string): void {
  const page = state.pageTokens.get(token)!;
  state.pageTokens.delete(token);
  page.gone = true;
  if (page.followed || page.wentBack || state.settled.length >= meetingStateBounds.settled) return;
  state.settled.push(pendingCase(page, dropsIn(state, page.list) || page.restarted !== undefined, 'it expired unused'));
}

/** Whether a list shows a dropped token: one pending that the client went past, asking for the first page again. */
function dropsIn(state: MeetingClientState, list: string): boolean {
  for (const t of state.pageTokens.values()) if (t.list === list && !t.followed && t.restarted) return true;
  return false;
}

function pendingCase(page: PageToken, dropped: boolean, why: string): SettledCase {
  if (dropped) {
    const blamed = page.restarted ?? page.entry;
    return {
      clause: 'MP-CLIENT-PAGE-TOKEN',
      path: 'restart',
      entry: blamed,
      problem: `asked for ${listName(page.list)} from its first page again while the next_page_token of request #${page.entry.id} was pending, and never sent that token back (${why})`,
      cause: 'next_page_token dropped: the list asked for from its first page again',
      diagnosis: tokenDiagnosis,
    };
  }
  return {
    clause: 'MP-CLIENT-PAGE-WALK',
    path: 'walk',
    entry: page.entry,
    problem: `the walk of ${listName(page.list)} stopped at this page: it returned a next_page_token that was never sent back (${why})`,
    cause: 'a walk of the meeting list stopped with next_page_token pending',
    diagnosis: walkDiagnosis,
  };
}

/**
 * The walks still open when a report is made: at the end of the session each is judged (a dropped token,
 * or a walk that stopped), besides those that expired before; mid-session they are in progress, said so.
 */
export function settlePages(state: MeetingClientState, end: boolean): { cases: SettledCase[]; pending: PendingNote[] } {
  const open = [...state.pageTokens.values()].filter((t) => !t.followed);
  if (!end) {
    if (!open.length) return { cases: [...state.settled], pending: [] };
    const reason = `${open.length} walk${open.length === 1 ? '' : 's'} of the meeting list in progress (next_page_token pending): judged when the session ends or the token expires unused`;
    return { cases: [...state.settled], pending: ['MP-CLIENT-PAGE-WALK', 'MP-CLIENT-PAGE-TOKEN'].map((clause) => ({ clause, path: clause.endsWith('WALK') ? 'walk' : 'restart', reason })) };
  }
  const dropped = new Set(open.filter((t) => t.restarted).map((t) => t.list));
  return { cases: [...state.settled, ...open.filter((t) => !t.wentBack).map((t) => pendingCase(t, dropped.has(t.list), 'the session ended'))], pending: [] };
}

