import type { SettledCase } from '../ClientCase.ts';
import type { JournalEntry } from '../JournalEntry.ts';
import type { MintedToken, TokenNamer } from '../ClientExchange.ts';
import { GenerationalMap } from '../GenerationalMap.ts';
import { IssuedTokens } from './IssuedTokens.ts';
import { RetryAfterWatch } from '../RetryAfterWatch.ts';

/** A token request made while the client's previous token was young: a replacement, unless that token is used again. */
export interface EarlyReplacement {
  entry: JournalEntry;
  /** The replaced token's serial (IssuedTokens). */
  replaced: number;
  /** The journal number of the token request. */
  atId: number;
  ageMs: number;
  leftMs: number;
}

/** What the judge knows of one client (by client id). */
export interface ClientRecord {
  /** The serial of its latest token (IssuedTokens). */
  latest?: number;
  /** The latest early replacement, not decided yet: is the token it replaced used again? */
  open?: EarlyReplacement;
  /** Two replacements stood: every later one is a finding at once. */
  failing: boolean;
  /** The first that stands, held back: one may be a restart, a second makes both findings. */
  held?: EarlyReplacement;
}

/** A next_page_token the platform returned. */
export interface PageToken {
  /** The list it belongs to: user and type. */
  list: string;
  issuedAt: number;
  /** The request whose answer carried it (the last page the client asked for). */
  entry: JournalEntry;
  followed: boolean;
  /** The first request of the same list from its first page while this token was pending. */
  restarted?: JournalEntry;
  /**
   * Walks waiting at it: the answers that carried it, less the requests that sent it back and got the
   * next page. A request that failed takes none (its retry is due); one sent when none waits went back.
   */
  waiting: number;
  /** The next_page_token of the page it last got ("" at the list's end): the way on from it. */
  next?: string;
  /** The request that last sent it back and got the next page. */
  takenBy?: JournalEntry;
  /** A request went back past it to an earlier page (judged under MP-CLIENT-PAGE-TOKEN): not a walk that stopped. */
  wentBack?: true;
  /** In `markable` now. */
  queued?: true;
  /** Forgotten: expired, or past the bound. */
  gone?: true;
}

/** Bounds of what the judge keeps of one client session. */
export const meetingStateBounds = { tokens: 4096, clients: 64, pageTokens: 1024, uuids: 4096, settled: 200 } as const;

export interface MeetingClientState {
  tokens: IssuedTokens;
  /**
   * The lengths of the tokens issued (at most maxTokenLengths; undefined past it): a value of another
   * length is no token the platform issued, known without hashing it (a header, a form field).
   */
  tokenLengths: Set<number> | undefined;
  clients: Map<string, ClientRecord>;
  pageTokens: Map<string, PageToken>;
  /**
   * The key set last in `pageTokens`: a token returned again that is the newest already stays where it
   * is (a delete and a set of a 200-character key per list page, else). Deleted since, it is no key a
   * token can be found under until it is set again, and then it is the newest again.
   */
  newestPageToken?: string;
  /**
   * No page token expires before this (the oldest's expiry, when last looked; Infinity with none kept):
   * tokens are kept oldest first, so until then a list page need not look.
   */
  pageTokensExpireFrom: number;
  /**
   * The page tokens a request from a list's first page may still mark as restarted (pending, not
   * followed, not marked yet), and some that no longer may, dropped when met: a first-page request visits
   * these, not every token kept (up to 1,024 in a long session of a client that never follows them).
   */
  markable: PageToken[];
  /** Meeting UUIDs the platform listed or answered: what an identifier was meant to be. */
  uuids: GenerationalMap<string, true>;
  /** Walks judged when their token expired unused (their cases are final). */
  settled: SettledCase[];
  retry: RetryAfterWatch;
  /**
   * The answer whose listed UUIDs were set last, all young in `uuids` at that generation: the same page
   * handed out again would set them again to no effect (thirty map writes a list page).
   */
  uuidsFrom?: { answer: object; op: string; generation: number };
}

const maxTokenLengths = 64;

/** Keeps a token the platform issued, and its length; returns its serial. */
export function keepToken(state: MeetingClientState, token: string, client: string, issuedAt: number, expiresAt: number, issuedById: number, minted?: MintedToken): number {
  const lengths = state.tokenLengths;
  if (lengths && !lengths.has(token.length)) {
    if (lengths.size >= maxTokenLengths) state.tokenLengths = undefined;
    else lengths.add(token.length);
  }
  return state.tokens.issue(token, client, issuedAt, expiresAt, issuedById, minted);
}

/** Whether the judge may know `value` as a token the platform issued: no when no token issued had its length. */
export function mayBeToken(state: MeetingClientState, value: string): boolean {
  return state.tokenLengths?.has(value.length) ?? true;
}

/** `namer`: how the server names the tokens it mints, when it does (a mock); see TokenNamer. */
export function newMeetingClientState(namer?: TokenNamer): MeetingClientState {
  return {
    tokens: new IssuedTokens(meetingStateBounds.tokens, namer),
    tokenLengths: new Set(),
    clients: new Map(),
    pageTokens: new Map(),
    pageTokensExpireFrom: Infinity,
    markable: [],
    uuids: new GenerationalMap(meetingStateBounds.uuids),
    settled: [],
    retry: new RetryAfterWatch('MP-CLIENT-RETRY-AFTER'),
  };
}
