import type { ConformConfig } from './config/configSchema.ts';
import type { CheckResult } from '../reports/RunReport.ts';
import type { ReportFile } from '../reports/reportFiles.ts';
import type { Shard } from '../reports/Shard.ts';
import type { SuiteName } from '../catalogue/suites.ts';
import type { SuppressionOptions } from '../reports/suppressions/suppressionsFile.ts';

/**
 * What `conform run` does, without a command line: each option is its flag in camelCase
 * (`--base-url` is `baseUrl`). Adding a flag: a field here, its name in
 * optionNames, and what it becomes in toConformOptions.
 */
export interface RunOptions extends SuppressionOptions {
  /**
   * A config file's path (`conform.config.ts`, `.mts`, `.js`, `.mjs`, `.json`), or a config as an
   * object (defineConfig): its named targets and run-wide options. The options given here override its.
   */
  config?: string | ConformConfig;
  /** Named targets of the config to run (`conform run staging production`); default every one, unless `suites` are given. */
  targets?: string[];
  /** Default: the suites of the config's targets; without a config, every suite. With a config, a suite runs its targets there (embedded ones when it has none). */
  suites?: SuiteName[];
  /** Each suite's embedded targets (reference, mock) also run beside the targets given, the column the others are compared with. */
  withReference?: boolean;
  /** fetch-service: the deployment to check; default the embedded reference and mock. */
  baseUrl?: string;
  /** fetch-service: default $SVC_API_KEY. */
  apiKey?: string;
  /** fetch-service: a reachable origin farm; default one started on loopback. */
  originUrl?: string;
  /** fetch-service: the timeout the target enforces, in seconds (default 60). */
  fetchTimeout?: number;
  /** meeting-platform: with `apiBaseUrl`, a deployment; credentials from $MEETING_CLIENT_ID, ... */
  authUrl?: string;
  apiBaseUrl?: string;
  /** unit-record: commands run with a record file's path appended, side by side. */
  validator?: string[];
  /** unit-record: commands run with the path of a JSON array of records (one page) appended: exit 0 a tree, 1 not. */
  validatorSet?: string[];
  /** Report files; a format the config's `report` has too is written here instead. */
  report?: ReportFile[];
  /** Default 7. */
  seed?: number;
  /** Generated requests per operation, valid and mutated each (default 100; 0 turns the generated checks off). */
  fuzzRuns?: number;
  /** Requests per second to each target (default 10 for a deployment not on loopback, none on loopback; 0: none). */
  rateLimit?: number;
  /**
   * Seconds any request waits for an answer's headers (default 30); the fetch service's POSTs wait
   * `fetchTimeout` more, since it may take that long before its 504.
   */
  headersTimeout?: number;
  /** Seconds from an answer's headers to its body's last byte (default 60). */
  bodyTimeout?: number;
  /** MiB of an answer's body read at most, on the wire and once decompressed (default 64). */
  maxBodyMib?: number;
  /** SHOULD failures also fail the run (see exitCodeOf). */
  strict?: boolean;
  /** Only checks whose name contains this text. */
  grep?: string;
  /**
   * Only this part of the suites' files (vitest's sharding), for runs split across machines: give each
   * shard a `blob` report folder and merge them with mergeShards (`conform report merge`).
   */
  shard?: Shard;
  /** Once the options are accepted and the suites are about to start; `targets`: the config's targets it runs, by name. */
  onStart?: (run: { suites: SuiteName[]; seed: number; targets: string[] }) => void;
  /** Each check as it ends. */
  onCheck?: (check: CheckResult) => void;
  /** A long check's progress while it runs ("FS-FUZZ-NO-5XX fetchPage: 120/200 generated requests"). */
  onProgress?: (message: string) => void;
}
