import type { ClientCase, PendingNote } from '../client/ClientCase.ts';
import type { JournalEntry } from '../client/JournalEntry.ts';
import type { ClauseWording, SettleTime } from '../client/ClientJudgeSpec.ts';
import type { SuiteName } from '../catalogue/suites.ts';
import type { ObservedExchange } from './ObservedExchange.ts';

/** How a server clause judged from traffic reads in a report, and why it is not judged when no traffic exercised it. */
export interface ServerClauseWording extends ClauseWording {
  /** "no token request failed": the reason a clause without a case is skipped. */
  idle: string;
  /**
   * For a clause whose cases pass on refusals: why it is not judged until the traffic shows its control
   * (the deployment serving the same request without what the clause refuses, ServerJudgeSpec.controlsShown).
   */
  control?: string;
}

/**
 * One service's server clauses that traffic alone can judge, as a validation proxy applies them to the
 * deployment's answers: the clauses, the state the rules keep (bounded), and the rules. Pure over the
 * exchanges it is fed: it knows no proxy.
 */
export interface ServerJudgeSpec<State> {
  suite: SuiteName;
  /** The server clauses judged, by id, in the catalogue's order. */
  clauses: Readonly<Record<string, ServerClauseWording>>;
  newState(): State;
  /** The cases one exchange decides, against what came before (a walk's earlier pages, the meetings listed); `entry` is its journal entry. */
  observe(exchange: ObservedExchange, state: State, entry: JournalEntry): ClientCase[];
  /** Mid-session (a live report): the clause paths still being exercised (a walk in progress), not passed on the cases so far. */
  pending?(state: State, time: SettleTime): PendingNote[];
  /** The clauses (of those whose wording names a `control`) whose control the traffic has shown so far. */
  controlsShown?(state: State): ReadonlySet<string>;
}
