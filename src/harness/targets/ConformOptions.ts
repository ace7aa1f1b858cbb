import type { CredentialVariables, MeetingCredentials } from '../../meeting-platform/core/meetingCredentials.ts';
import type { FarmListeners } from '../suite-api/FarmListeners.ts';
import type { ExchangeLimits } from '../../exchange/exchangeLimits.ts';
import type { SuiteName } from '../catalogue/suites.ts';

/**
 * A run's options as data: parsed and checked once (toConformOptions from run()'s options,
 * optionsFromEnv for a plain vitest run), then handed whole to the global setup and the suites through
 * vitest's `provide`. Serialisable (structured clone): no functions, no classes. Secrets travel inside
 * (the suites send them); nothing here is printed.
 */
export interface ConformOptions {
  suites: SuiteName[];
  seed: number;
  /** Generated requests per operation and kind; 0: no generated checks. */
  fuzzRuns: number;
  /** Seconds each generated check spends judging (--check-budget); absent: what its target's pace gives it. */
  checkBudget?: number;
  /** Requests to one target in flight at once, at most (--concurrency); absent: the default. */
  concurrency?: number;
  /** What the embedded targets, and anything a suite contacts that is no target (an origin farm), are held to. */
  limits: ExchangeLimits;
  /** The fetch-service suite judges its targets one after another (--one-target-at-a-time); absent: side by side. */
  oneTargetAtATime?: boolean;
  /** Each suite's targets, side by side; an empty list: the suite's embedded targets, started on loopback. */
  targets: TargetOptions;
  /** The account the embedded meeting-platform mock serves; absent: its demo account. */
  embeddedMeetingAccount?: MeetingCredentials;
  /**
   * Each suite's embedded targets (the reference, the mocks) also run beside the targets given, as the
   * column the others are compared with (`--with-reference`); a suite given none runs them anyway.
   */
  withReference?: boolean;
}

export interface TargetOptions {
  'fetch-service': FetchServiceTargetOptions[];
  'meeting-platform': MeetingPlatformTargetOptions[];
  'unit-record': UnitRecordTargetOptions[];
}

/** How the user gave a target's addresses and commands, for the problems found before the run (default: their flags). */
export type TargetOptionNames = Partial<Record<'baseUrl' | 'originUrl' | 'authUrl' | 'apiBaseUrl' | 'validator' | 'validatorSet', string>>;

export interface FetchServiceTargetOptions {
  /** How reports name it; default "fetch service at BASE_URL". */
  label?: string;
  /** How messages name its options when not by their flags (a config file's `targets.NAME.baseUrl`). */
  optionNames?: TargetOptionNames;
  baseUrl: string;
  apiKey: string;
  /** The variable the key was read from, which reports name in its place; default SVC_API_KEY. */
  apiKeyVar?: string;
  /** A reachable origin farm; absent: one started on loopback. */
  originUrl?: string;
  /** No originUrl given: the listeners of the farm `conform run` started on loopback for it in its preflight (RunFarm). */
  runFarm?: FarmListeners;
  /** Seconds: the timeout the target enforces. */
  fetchTimeout: number;
  limits: ExchangeLimits;
}

export interface MeetingPlatformTargetOptions {
  /** Default "meeting platform at API_BASE_URL". */
  label?: string;
  /** How messages name its options when not by their flags (a config file's `targets.NAME.authUrl`). */
  optionNames?: TargetOptionNames;
  authUrl: string;
  apiBaseUrl: string;
  credentials: MeetingCredentials;
  /** The variables the credentials were read from, which reports name; default credentialEnv's. */
  credentialVars?: CredentialVariables;
  limits: ExchangeLimits;
}

/** A record validator (`validator`) or a set validator (`validatorSet`): a shell command each. */
export type UnitRecordTargetOptions = { label?: string; optionNames?: TargetOptionNames } & ({ validator: string; validatorSet?: never } | { validatorSet: string; validator?: never });

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absent in a plain vitest run: the global setup reads the environment into the same shape. */
    conformOptions?: ConformOptions;
  }
}
