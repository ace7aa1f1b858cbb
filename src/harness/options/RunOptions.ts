import type { ConformConfig } from './config/configSchema.ts';
import type { CheckResult, TargetPace } from '../../verdict/RunReport.ts';
import type { SuiteName } from '../../catalogue/suites.ts';
import type { TableRunOptions } from './runOptionTable.ts';

/**
 * What `conform run` does, without a command line: each option is its flag in camelCase (`--base-url`
 * is `baseUrl`), as runOptionTable declares it (its type, range, default and help there). Adding a
 * flag: a row in the table, and the code that uses it.
 */
export type RunOptions = Omit<TableRunOptions, 'config'> & {
  /**
   * A config file's path (`conform.config.ts`, `.mts`, `.js`, `.mjs`, `.json`), or a config as an
   * object (defineConfig): its named targets and run-wide options. The options given here override its.
   */
  config?: string | ConformConfig;
  /**
   * Once the options are accepted and the suites are about to start; `targets`: the config's targets it
   * runs, by name; `paces`: each deployment given, its latency as the preflight measured it and the pace
   * and budget the run will hold it to (paceText says it in a line).
   */
  onStart?: (run: { suites: SuiteName[]; seed: number; targets: string[]; paces: TargetPace[] }) => void;
  /** Each check as it ends; `selected`: --grep chose it (those it leaves out end too, skipped at once). */
  onCheck?: (check: CheckResult, selected: boolean) => void;
  /** A long check's progress while it runs ("FS-FUZZ-NO-5XX fetchPage: 120/200 generated requests"). */
  onProgress?: (message: string) => void;
  /** How much the run has to do, as vitest collects the suites' files: for an estimate of the time left. */
  onPlan?: (plan: RunPlan) => void;
};

/** What a run has found to do so far: its suite files, how many are collected, and the checks in those (--grep's choice). */
export interface RunPlan {
  files: number;
  filesCollected: number;
  checksCollected: number;
  /** Of those, the generated checks (`*-FUZZ-*`): each spends up to its budget, far longer than a hand-written check. */
  generatedCollected: number;
}
