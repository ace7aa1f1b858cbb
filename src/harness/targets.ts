/**
 * What each suite runs against. The CLI turns its flags into environment variables, and a plain
 * `vitest --config vitest.conformance.config.ts` run reads the same variables, so both routes agree;
 * the global setup fills in embedded targets for what the variables leave open.
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
  /** The key is read from $SVC_API_KEY by the checks; only whether one is set travels here. */
  apiKeyVar: 'SVC_API_KEY';
  /**
   * Embedded targets only: the key generated for them. Suite workers cannot be handed it through their
   * environment, so it travels with the target; checks register it with `ctx.secret` so no report shows it.
   */
  apiKey?: string;
  /** A reachable origin farm the target may fetch from. */
  originUrl: string;
  /** Upper bound the target is configured with, so timeout probes know how long to wait. */
  fetchTimeoutSeconds: number;
  /**
   * True for targets this process started: probes may use loopback-only farm hosts. The fetch-service
   * suite also counts a base URL on loopback as local (suites/fetch-service/probeScope.ts).
   */
  embedded: boolean;
}

export interface MeetingPlatformTarget {
  label: string;
  authUrl: string;
  apiBaseUrl: string;
  /**
   * From $MEETING_CLIENT_ID, $MEETING_CLIENT_SECRET, $MEETING_ACCOUNT_ID, or the embedded mock's own
   * account. Checks register the secret with `ctx.secret` so it never reaches a report.
   */
  credentials: { clientId: string; clientSecret: string; accountId: string };
  embedded: boolean;
}

export interface Targets {
  seed: number;
  /** Generated requests per operation and kind; 0: no generated checks. */
  fuzzRuns: number;
  'unit-record': UnitRecordTarget[];
  'fetch-service': FetchServiceTarget[];
  'meeting-platform': MeetingPlatformTarget[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    conformTargets: Targets;
  }
}

/** The environment variables that carry targets and options into the suites. */
export const targetEnv = {
  suites: 'CONFORM_SUITES',
  seed: 'CONFORM_SEED',
  validator: 'CONFORM_VALIDATOR',
  validatorSet: 'CONFORM_VALIDATOR_SET',
  fetchBaseUrl: 'CONFORM_FETCH_BASE_URL',
  originUrl: 'CONFORM_ORIGIN_URL',
  fetchTimeout: 'CONFORM_FETCH_TIMEOUT',
  meetingAuthUrl: 'CONFORM_MEETING_AUTH_URL',
  meetingApiBaseUrl: 'CONFORM_MEETING_API_BASE_URL',
  /** Generated requests per operation and kind (valid, mutated); 0 turns the generated checks off. */
  fuzzRuns: 'CONFORM_FUZZ_RUNS',
  /** Requests per second to each target; unset: 10 for a deployment elsewhere, no limit on loopback; 0: none. */
  rateLimit: 'CONFORM_RATE_LIMIT',
  /** Seconds a request waits for the answer's headers (requestBounds.ts). */
  headersTimeout: 'CONFORM_HEADERS_TIMEOUT',
  /** Seconds from the headers to the body's last byte. */
  bodyTimeout: 'CONFORM_BODY_TIMEOUT',
  /** MiB of an answer's body read at most. */
  maxBodyMib: 'CONFORM_MAX_BODY_MIB',
} as const;

/** Generated requests per operation and kind when --fuzz-runs is not given. */
export const defaultFuzzRuns = 100;

/** $CONFORM_FUZZ_RUNS as a count: default 100, 0 turns the generated checks off. */
export function fuzzRunsFrom(env: Record<string, string | undefined>): number {
  const raw = env[targetEnv.fuzzRuns];
  if (raw === undefined || raw === '') return defaultFuzzRuns;
  const runs = Number(raw);
  if (!Number.isSafeInteger(runs) || runs < 0) throw new Error(`${targetEnv.fuzzRuns} must be a whole number, got "${raw}"`);
  return runs;
}

export const defaultSeed = 7;
