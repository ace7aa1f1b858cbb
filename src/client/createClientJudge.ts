import { buildReport } from '../verdict/buildReport.ts';
import { isClientClause, loadCatalogue } from '../catalogue/catalogue.ts';
import { loadPathMatrix } from '../catalogue/pathMatrix.ts';
import { Redactor } from '../exchange/Redactor.ts';
import type { ShownRequest } from '../exchange/curlCommand.ts';
import type { RunReport } from '../verdict/RunReport.ts';
import type { SuiteName } from '../catalogue/suites.ts';
import { version as conformVersion } from '../exchange/version.ts';
import type { CaseSink } from './ClientCase.ts';
import { ClauseTally, type FailingCase } from './ClauseTally.ts';
import { clientCheckResult } from './clientCheckResult.ts';
import type { ClientExchange } from './ClientExchange.ts';
import type { ClientJudgeSpec } from './ClientJudgeSpec.ts';
import { journalAnswerChars, journalBodyChars, type JournalEntry } from './JournalEntry.ts';
import { JournalRing } from './JournalRing.ts';

export interface ClientJudgeOptions {
  /** What the report calls the client (its target); default "client". */
  label?: string;
  /** Milliseconds since the epoch as the judge sees them (a mock's clock); default Date.now. */
  clock?: () => number;
  /** Secrets known from the start ([value, variable]): the mock's own credentials and keys. */
  secrets?: Iterable<readonly [string | undefined, string]>;
  /** Exchanges the journal keeps, the newest; default 500. */
  journalSize?: number;
}

export interface ClientReportOptions {
  /**
   * The session is over (the default): a walk of the meeting list left with a token pending stopped.
   * false for a report made while the client may still be at work (`GET /__conform/client-report`):
   * what is in progress is said to be, and not judged yet.
   */
  end?: boolean;
}

/**
 * A judge of one client's requests against the client clauses of a service: fed each exchange as it
 * happens (a mock's request and its answer, or what a proxy relayed), it keeps a bounded journal (secrets
 * named by their variables) and its verdicts, and makes a report in the shape `conform run` gives a
 * server: clauses as rows, the client as the target.
 */
export interface ClientJudge {
  readonly suite: SuiteName;
  /**
   * Judges one exchange; the time fields are on the judge's clock. Never throws: a rule's failure is
   * reported. Returns its journal entry (undefined when the judge failed on it), which a validation
   * proxy shows again as the evidence of what it finds in the answer.
   */
  observe(exchange: ClientExchange): JournalEntry | undefined;
  /**
   * Takes one exchange to judge soon, off the caller's path (a mock's request path): it is judged in a
   * batch once the caller's turn of the event loop is over, and before anything the judge is asked
   * (observe, report, journal), so what those see is as if every exchange had been observed as it came.
   */
  record(exchange: ClientExchange): void;
  report(options?: ClientReportOptions): RunReport;
  /** The journal, oldest first. */
  journal(): JournalEntry[];
  /** The command that sends an entry's request again (a fresh $ACCESS_TOKEN first, where it needs one). */
  reproduction(entry: JournalEntry): string;
  /** `text` with every secret the judge knows or learned from the traffic named by its variable. */
  redact(text: string): string;
}

/** Learned secrets the Redactor takes beyond those given: a client trying every value cannot grow it without end. */
const maxLearnedSecrets = 32;
/** Failures of the judge itself kept for the report. */
const maxJudgeErrors = 10;

/** Characters past the cut that are redacted with it: a secret straddling the cut is still found whole. */
const redactionMargin = 256;

/**
 * Exchanges recorded and not judged yet, past which the next record judges them at once: a batch is what
 * one turn of the event loop answered, and this bounds what a queue can hold (bodies included) if the
 * loop never gets to it.
 */
const maxPending = 256;
const maxPendingBodyChars = 4 << 20;

/**
 * Texts redacted before, kept to answer the same text again: a client sends the same headers, URL and
 * answer with call after call, and redacting each afresh was a third of the judge's cost per request (a
 * profile of the mock's list page under load). Emptied when a secret is learned, and when full.
 */
const maxRedactedTexts = 1024;
/** An answer's excerpt is made when first read if the answer is at most this long. */
const maxLaterAnswerChars = journalAnswerChars + redactionMargin;

/** An answer as the journal shows it, its excerpt made when first read. */
class LaterAnswer {
  readonly status: number;
  readonly contentType?: string;
  #excerpt: string | undefined;
  #text: string | undefined;
  readonly #show: (text: string) => string;

  constructor(status: number, contentType: string | undefined, text: string, show: (text: string) => string) {
    this.status = status;
    if (contentType) this.contentType = contentType;
    this.#text = text;
    this.#show = show;
  }

  get excerpt(): string {
    if (this.#excerpt === undefined) {
      this.#excerpt = this.#show(this.#text!);
      this.#text = undefined;
    }
    return this.#excerpt;
  }

  /** The answer as data: what the journal hands out (a spread or JSON of it would miss the excerpt). */
  plain(): JournalEntry['answer'] {
    return { status: this.status, ...(this.contentType ? { contentType: this.contentType } : {}), excerpt: this.excerpt };
  }

  toJSON(): JournalEntry['answer'] {
    return this.plain();
  }
}

/** An entry as data, its answer shown. */
function plainEntry(entry: JournalEntry): JournalEntry {
  return entry.answer instanceof LaterAnswer ? { ...entry, answer: entry.answer.plain() } : entry;
}

/** Longer texts (bodies, mostly one of a kind) are redacted each time rather than kept. */
const maxRedactedTextChars = 2048;

/** An answer's body cut to what the journal keeps, its secrets named: only the part kept is searched. */
function excerptOf(text: string, redact: (text: string) => string): string {
  if (text.length <= journalAnswerChars) return redact(text);
  const redacted = redact(text.slice(0, journalAnswerChars + redactionMargin));
  return `${redacted.slice(0, journalAnswerChars)}…`;
}

export function createClientJudge<Read, State>(spec: ClientJudgeSpec<Read, State>, options: ClientJudgeOptions = {}): ClientJudge {
  const label = options.label ?? 'client';
  const clock = options.clock ?? Date.now;
  const journalSize = options.journalSize ?? 500;
  const redactor = new Redactor(options.secrets ?? []);
  const learned = new Set<string>();
  const state = spec.newState();
  const clauses = loadCatalogue(spec.suite).clauses.filter(isClientClause);
  const tallies = new Map(clauses.map((c) => [c.id, new ClauseTally()]));
  // A ring: the oldest entry overwritten in place (shifting a full array moved it whole with every exchange),
  // kept field by field (JournalRing).
  const journal = new JournalRing(journalSize);
  const errors: string[] = [];
  const startedAt = clock();
  let seen = 0;

  const redacted = new Map<string, string>();
  const redact = (text: string): string => {
    if (text.length > maxRedactedTextChars) return redactor.redact(text);
    let out = redacted.get(text);
    if (out === undefined) {
      if (redacted.size >= maxRedactedTexts) redacted.clear();
      redacted.set(text, (out = redactor.redact(text)));
    }
    return out;
  };
  // The excerpt of the answer last shown: a mock hands the same page out again (the same string), and a
  // token answer with its token named reads the same each time.
  let lastAnswer: { text: string; excerpt: string } | undefined;
  // The answer text of the exchange before, shown or not.
  let lastText: string | undefined;
  // The long answer shown last: the same page handed out again is shown by the same (frozen) object.
  let lastShownAnswer: JournalEntry['answer'] | undefined;

  // The secrets learned from last: a spec hands the same list again for a request sent alike.
  let lastFound: Iterable<readonly [string, string]> | undefined;
  const learn = (read: Read) => {
    const found = spec.secrets(read);
    if (found === lastFound) return;
    lastFound = found;
    for (const [value, variable] of found) {
      if (learned.has(value) || learned.size >= maxLearnedSecrets) continue;
      learned.add(value);
      redactor.add(value, variable);
      redacted.clear();
      lastAnswer = undefined;
      lastShownAnswer = undefined;
    }
  };

  const excerpt = (text: string): string => {
    if (lastAnswer?.text !== text) lastAnswer = { text, excerpt: excerptOf(text, redact) };
    return lastAnswer.excerpt;
  };

  // The request shown last, as the spec showed it and as the journal shows it: a spec shows a request
  // made again as the same object, and then its redacted form is the same too, until a secret is learned.
  let lastShown: { shown: ShownRequest; request: JournalEntry['request']; cut: boolean; learned: number } | undefined;
  const requestOf = (shown: ShownRequest): { request: JournalEntry['request']; cut: boolean } => {
    if (lastShown?.shown === shown && lastShown.learned === learned.size) return lastShown;
    const body = shown.body ?? '';
    const cut = body.length > journalBodyChars;
    const request = {
      method: shown.method,
      url: redact(shown.url),
      headers: shown.headers.map(([name, value]): [string, string] => [name, redact(value)]),
      ...(shown.body !== undefined ? { body: redact(cut ? body.slice(0, journalBodyChars) : body) } : {}),
    };
    lastShown = { shown, request, cut, learned: learned.size };
    return lastShown;
  };

  const shownAnswer = (status: number, contentType: string | undefined, text: string): JournalEntry['answer'] => {
    const shown = excerpt(text);
    const last = lastShownAnswer;
    if (last !== undefined && last.excerpt === shown && last.status === status && last.contentType === contentType) return last;
    return (lastShownAnswer = Object.freeze(contentType ? { status, contentType, excerpt: shown } : { status, excerpt: shown }));
  };

  const entryOf = (id: number, exchange: ClientExchange, read: Read): JournalEntry => {
    const { request, cut } = requestOf(spec.show(read, state));
    const { status } = exchange.answer;
    const contentType = exchange.answer.headers['content-type'];
    const text = spec.showAnswer(read);
    // Shown at once when it reads as the answer shown last (a page handed out again; a token answer once
    // its token is named): then the entry shares that showing and keeps nothing of its own, where keeping
    // each token answer's text for a later showing had the garbage collector promote hundreds of
    // kilobytes per scavenge (new-space survival 8 MB per scavenge, against 0.15 MB so). Shown at once
    // too when long, as what a later showing keeps alive should stay small. Otherwise shown when first
    // read: most entries fall off the journal unread, and redacting each new answer as it came was a
    // quarter of the judge's cost per token request.
    const again = text === lastText;
    lastText = text;
    const answer = again || text.length > maxLaterAnswerChars ? shownAnswer(status, contentType, text) : new LaterAnswer(status, contentType, text, excerpt);
    // Two literal shapes rather than a spread: an entry per exchange, built fast.
    return cut
      ? { id, receivedAt: exchange.receivedAt, answeredAt: exchange.answeredAt, request, bodyCut: true, answer }
      : { id, receivedAt: exchange.receivedAt, answeredAt: exchange.answeredAt, request, answer };
  };

  // The entry of the exchange being judged: a case that blames no earlier request counts against it.
  let judging: JournalEntry | undefined;
  const found: CaseSink = (c) => tallies.get(c.clause)?.add(c, c.entry ?? judging!);

  const judge = (exchange: ClientExchange): JournalEntry | undefined => {
    const id = ++seen;
    try {
      const read = spec.read(exchange);
      learn(read);
      const entry = entryOf(id, exchange, read);
      journal.add(entry);
      judging = entry;
      spec.observe(read, state, entry, found);
      return entry;
    } catch (err) {
      if (errors.length < maxJudgeErrors) errors.push(redactor.redact(`the client judge failed on request #${id}: ${err instanceof Error ? err.message : String(err)}`));
      return undefined;
    }
  };

  // Recorded exchanges, oldest first, judged in one batch after the turn that answered them.
  const pending: ClientExchange[] = [];
  let pendingBodyChars = 0;
  let scheduled = false;
  const drain = (): void => {
    // An exchange is taken off the queue before it is judged: nothing judged twice, nothing skipped.
    for (let i = 0; i < pending.length; i++) judge(pending[i]!);
    pending.length = 0;
    pendingBodyChars = 0;
  };
  const drainLater = (): void => {
    scheduled = false;
    drain();
  };

  return {
    suite: spec.suite,
    observe(exchange) {
      drain();
      const entry = judge(exchange);
      return entry && plainEntry(entry);
    },
    record(exchange) {
      pending.push(exchange);
      pendingBodyChars += exchange.request.body.length + exchange.answer.body.length;
      if (pending.length >= maxPending || pendingBodyChars >= maxPendingBodyChars) drain();
      else if (!scheduled) {
        scheduled = true;
        // Unref'd: judging what is queued is no reason to keep a process alive that has nothing else to do.
        setImmediate(drainLater).unref();
      }
    },
    report({ end = true } = {}) {
      drain();
      const now = clock();
      const settled = spec.settle(state, { end, now });
      const matrix = loadPathMatrix(spec.suite)?.clauses ?? {};
      const checks = clauses.map((clause) => {
        const mine = settled.cases.filter((c) => c.clause === clause.id);
        const failing = mine.filter((c): c is FailingCase => c.problem !== undefined);
        return clientCheckResult(
          {
            suite: spec.suite,
            target: label,
            clause,
            wording: spec.clauses[clause.id] ?? { title: clause.rule, of: 'requests', failed: 'broke the rule' },
            paths: matrix[clause.id] ?? {},
            tally: tallies.get(clause.id)!,
            settled: { failing, passed: mine.length - failing.length, paths: mine.map((c) => c.path) },
            pending: settled.pending.filter((p) => p.clause === clause.id),
            reproduction: spec.reproduction,
          },
          redactor,
        );
      });
      const report = buildReport({ version: conformVersion, suites: [spec.suite], seed: 0, strict: false, startedAt: new Date(startedAt), durationMs: Math.max(0, now - startedAt), checks, filtered: true, targetOrder: { [spec.suite]: [label] } });
      return errors.length ? { ...report, errors: [...errors] } : report;
    },
    journal: () => {
      drain();
      return journal.entries().map(plainEntry);
    },
    reproduction: (entry) => spec.reproduction(entry),
    redact: (text) => redactor.redact(text),
  };
}
