import { ClauseTally } from '../client/ClauseTally.ts';
import { clientCheckResult } from '../client/clientCheckResult.ts';
import type { JournalEntry } from '../client/JournalEntry.ts';
import { loadCatalogue } from '../catalogue/catalogue.ts';
import type { CheckResult } from '../verdict/RunReport.ts';
import type { ClientReportOptions } from '../client/createClientJudge.ts';
import type { ObservedExchange } from './ObservedExchange.ts';
import type { ServerJudgeSpec } from './ServerJudgeSpec.ts';

export interface ServerJudgeOptions {
  /** Milliseconds since the epoch, the exchanges' clock; default Date.now. */
  clock?: () => number;
  /** What the report calls the deployment (its target). */
  label: string;
  /** The client judge's Redactor: what it learned from the traffic (a client secret, a key) is taken out here too. */
  redact(text: string): string;
  /** The command that sends a journal entry's request again. */
  reproduction(entry: JournalEntry): string;
}

/**
 * A judge of a deployment's answers against the server clauses traffic can judge: fed each exchange with
 * the journal entry the client judge made of it (the request shown with its secrets named, the answer
 * short), it tallies each clause's cases, bounded, and makes them check results in `conform run`'s shape,
 * the deployment as the target.
 */
export interface ServerJudge {
  /** Never throws: a rule's failure is kept for the report's errors. */
  observe(exchange: ObservedExchange, entry: JournalEntry): void;
  /** `end: false` (a live report): what is still being exercised is pending, not passed. */
  checks(options?: ClientReportOptions): CheckResult[];
  /** What went wrong in the judge itself, redacted. */
  errors(): string[];
}

/** Failures of the judge itself kept for the report. */
const maxJudgeErrors = 10;

export function createServerJudge<State>(spec: ServerJudgeSpec<State>, options: ServerJudgeOptions): ServerJudge {
  const clauses = loadCatalogue(spec.suite).clauses.filter((c) => Object.hasOwn(spec.clauses, c.id));
  const tallies = new Map(clauses.map((c) => [c.id, new ClauseTally()]));
  const state = spec.newState();
  const errors: string[] = [];
  return {
    observe(exchange, entry) {
      try {
        for (const c of spec.observe(exchange, state, entry)) tallies.get(c.clause)?.add(c, c.entry ?? entry);
      } catch (err) {
        if (errors.length < maxJudgeErrors) errors.push(options.redact(`the server judge failed on request #${entry.id}: ${err instanceof Error ? err.message : String(err)}`));
      }
    },
    checks({ end = true } = {}) {
      const inProgress = end || !spec.pending ? [] : spec.pending(state, { end, now: (options.clock ?? Date.now)() });
      return clauses.map((clause) => {
        const wording = spec.clauses[clause.id]!;
        const tally = tallies.get(clause.id)!;
        const pending = inProgress.filter((p) => p.clause === clause.id);
        const result = clientCheckResult(
          {
            suite: spec.suite,
            target: options.label,
            clause,
            wording,
            paths: {},
            tally,
            settled: { failing: [], passed: 0, paths: [] },
            pending: tally.cases ? pending : [...pending, { clause: clause.id, path: 'traffic', reason: wording.idle }],
            reproduction: options.reproduction,
          },
          options,
        );
        // A pass on refusals alone is no proof: without the deployment seen serving the request it refused
        // here (a key refused, and the key served), the clause is not judged.
        if (result.status === 'passed' && wording.control && !spec.controlsShown?.(state).has(clause.id)) return { ...result, status: 'skipped', message: options.redact(`not judged: ${wording.control}`) };
        return result;
      });
    },
    errors: () => [...errors],
  };
}
