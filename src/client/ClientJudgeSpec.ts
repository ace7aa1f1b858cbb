import type { ShownRequest } from '../exchange/curlCommand.ts';
import type { SuiteName } from '../catalogue/suites.ts';
import type { CaseSink, PendingNote, SettledCase } from './ClientCase.ts';
import type { ClientExchange } from './ClientExchange.ts';
import type { JournalEntry } from './JournalEntry.ts';

/** How a clause's cases are counted in its finding: "3 of 12 <of> <failed>". */
export interface ClauseWording {
  /** The check's title in a report. */
  title: string;
  /** Plural noun for the cases: "token requests", "API calls". */
  of: string;
  /** What is wrong with a failing case, as a predicate: "did not authenticate with HTTP Basic". */
  failed: string;
}

/** When a report is made: mid-session (a walk may be in progress) or at its end. */
export interface SettleTime {
  /** The session is over: what is still pending was left so. */
  end: boolean;
  now: number;
}

/**
 * One service's client clauses as the judge applies them: how it reads an exchange, the rules that judge
 * it as it arrives, the state they keep (bounded), and what is judged after the fact. Pure over the
 * exchanges it is fed: it knows no mock and no proxy.
 */
export interface ClientJudgeSpec<Read, State> {
  suite: SuiteName;
  /** Each client clause of the suite's catalogue, by id. */
  clauses: Readonly<Record<string, ClauseWording>>;
  newState(): State;
  /** The exchange as the rules read it: which operation, its parsed fields. */
  read(exchange: ClientExchange): Read;
  /**
   * Secrets the exchange shows ([value, variable]): the judge's Redactor takes them out of everything it
   * shows. The same list object as for the exchange before says "nothing new" (a request sent alike): the
   * judge does not look through it again.
   */
  secrets(read: Read): Iterable<readonly [string, string]>;
  /** The request as the journal shows it (absolute URL), the secrets it knows named; the Redactor runs over it after. */
  show(read: Read, state: State): ShownRequest;
  /**
   * The answer's body with the secrets it hands out (an access token) named, before the Redactor runs.
   * Called as the exchange is judged: the judge shows it at once when it reads as the answer shown last,
   * else keeps it to show when the entry is first read (maybe never: most entries fall off the journal
   * unread). Cheap: a body, or a body with one value replaced.
   */
  showAnswer(read: Read): string;
  /**
   * Judges an exchange as it arrives, against what came before, and keeps what later judgements need
   * (tokens issued and used, page tokens, 429s). A case may blame an earlier request (`entry`) whose
   * fault this one reveals. Each case goes to `found` as it is judged.
   */
  observe(read: Read, state: State, entry: JournalEntry, found: CaseSink): void;
  /** The cases judged after the fact, and the paths still pending, at `time`. */
  settle(state: State, time: SettleTime): { cases: SettledCase[]; pending: PendingNote[] };
  /** The command that sends the entry's request again. */
  reproduction(entry: JournalEntry): string;
}
