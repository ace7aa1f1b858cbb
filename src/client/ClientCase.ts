import type { JournalEntry } from './JournalEntry.ts';

/**
 * A rule's verdict on one case of its clause (a request, a walk of the meeting list, a token): judged on
 * one of the clause's paths (specs/<suite>.paths.json), kept or broken.
 */
export interface ClientCase {
  clause: string;
  path: string;
  /** Absent: the case kept the rule. Otherwise one sentence on what is wrong with this request. */
  problem?: string;
  /** Failing cases with the same cause form one group, titled by it; default the problem. */
  cause?: string;
  /** What to do about it. */
  diagnosis?: string;
  /** The request the case blames, when not the one being judged (a token replaced early, found out later). */
  entry?: JournalEntry;
}

/** Where a rule hands each case it judges, as it judges it: no list made per exchange. */
export type CaseSink = (c: ClientCase) => void;

/** A case judged after the fact (a walk that stopped, a token replaced early): it names the request it blames. */
export interface SettledCase extends ClientCase {
  entry: JournalEntry;
}

/** A clause path that had traffic but could not be judged yet (a walk in progress), with why. */
export interface PendingNote {
  clause: string;
  path: string;
  reason: string;
}
