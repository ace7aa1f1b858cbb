import type { CredentialVariables, MeetingCredentials } from '../../meeting-platform/core/meetingCredentials.ts';
import type { FarmListeners } from '../../exchange/farmInfo.ts';
import type { ExchangeLimits } from '../../exchange/exchangeLimits.ts';
import type { SuiteName } from '../../catalogue/suites.ts';

/**
 * What starting a run's targets takes of its options (options/ConformOptions.ts has these and the
 * run's own settings): the suites, each one's targets, and what the embedded ones are held to.
 */
export interface TargetsToStart {
  suites: SuiteName[];
  /** What the embedded targets, and anything a suite contacts that is no target (an origin farm), are held to. */
  limits: ExchangeLimits;
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
  /** The timeout the target enforces (`--fetch-timeout`, a config's `fetchTimeout`). */
  fetchTimeoutSeconds: number;
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
