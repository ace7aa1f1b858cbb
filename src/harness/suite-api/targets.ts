import type { CredentialVariables } from '../../meeting-platform/core/meetingCredentials.ts';
import type { ExchangeLimits } from '../../exchange/exchangeLimits.ts';
import type { FarmListeners } from '../../exchange/farmInfo.ts';

export type { FarmListeners } from '../../exchange/farmInfo.ts';

/**
 * What each suite runs against: the targets of the run's options (ConformOptions), and embedded ones
 * the global setup started on loopback for a suite given none. The suites get them through vitest's
 * `inject('conformTargets')` (currentTargets).
 */
export interface UnitRecordTarget {
  label: string;
  /** Judged on the record clauses: `validator` does that, or, absent, the project's own validator. */
  judgesRecords: boolean;
  /** Judged on the tree clauses: `validatorSet` does that, or, absent, the project's own tree checks. */
  judgesSets: boolean;
  /** Shell command given a record file's path as last argument (exit 0 valid, 1 invalid). */
  validator?: string;
  /** Shell command given the path of a JSON file holding an array of records, one page (exit 0 the set is valid, 1 it is not). */
  validatorSet?: string;
}

export interface FetchServiceTarget {
  label: string;
  baseUrl: string;
  /** The variable the user keeps the key in (a config's `apiKeyEnv`, else SVC_API_KEY): what reports name in its place. */
  apiKeyVar: string;
  /** The key to send: the user's, or the one generated for embedded targets. A secret of the run: no report shows it. */
  apiKey: string;
  /** A reachable origin farm the target may fetch from. */
  originUrl: string;
  /**
   * The listeners of the farm at `originUrl` when the run started it (no origin URL given): on loopback,
   * at ports of its choosing, gone when the run ends. Reproductions that name it say so.
   */
  ownFarm?: FarmListeners;
  /** Upper bound the target is configured with, so timeout probes know how long to wait. */
  fetchTimeoutSeconds: number;
  /**
   * True for targets this process started: probes may use loopback-only farm hosts. The fetch-service
   * suite also counts a base URL on loopback as local (suites/fetch-service/probeScope.ts).
   */
  embedded: boolean;
  /** What every exchange with it is held to: its own, or the run's (an embedded target's). */
  limits: ExchangeLimits;
}

export interface MeetingPlatformTarget {
  label: string;
  authUrl: string;
  apiBaseUrl: string;
  /**
   * The account's, from the run's options ($MEETING_CLIENT_ID, $MEETING_CLIENT_SECRET, $MEETING_ACCOUNT_ID),
   * or the embedded mock's own. The secret is a secret of the run: no report shows it.
   */
  credentials: { clientId: string; clientSecret: string; accountId: string };
  /** The variables the user keeps them in (a config's clientIdEnv, ...); absent: credentialEnv's. What reports name. */
  credentialVars?: CredentialVariables;
  embedded: boolean;
  /** What every exchange with it is held to: its own, or the run's (an embedded target's). */
  limits: ExchangeLimits;
}

export interface Targets {
  seed: number;
  /** Generated requests per operation and kind; 0: no generated checks. */
  fuzzRuns: number;
  /** Seconds each generated check spends judging (--check-budget); absent: what its target's pace gives it. */
  checkBudget?: number;
  /** Requests to one target in flight at once, at most, where they do not depend on each other (--concurrency); absent: defaultConcurrency. */
  concurrency?: number;
  /** What anything a suite contacts that is no target (an origin farm) is held to. */
  limits: ExchangeLimits;
  /** Judge the targets one after another (--one-target-at-a-time), each target's checks all ended before the next's start; absent: side by side. */
  oneTargetAtATime?: boolean;
  'unit-record': UnitRecordTarget[];
  'fetch-service': FetchServiceTarget[];
  'meeting-platform': MeetingPlatformTarget[];
}

/** Generated requests per operation and kind when --fuzz-runs is not given. */
export const defaultFuzzRuns = 100;

export const defaultSeed = 7;

/**
 * Requests to one target in flight at once when --concurrency is not given and the run has no rate
 * limit to fill, and the least it chooses when it has one (run/concurrencyFor.ts): enough for a near
 * target, few enough that the generated requests sent past a failure found cost little.
 */
export const defaultConcurrency = 8;

/** The most requests to one target a run keeps in flight when --concurrency is not given, however far it is (run/concurrencyFor.ts). */
export const maxDefaultConcurrency = 32;

declare module 'vitest' {
  export interface ProvidedContext {
    conformTargets: Targets;
    /** A directory of the run's own, which its suite files share (gone when the run ends). */
    conformRunDir: string;
  }
}
