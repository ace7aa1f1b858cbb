import type { ReportFile } from '../../verdict/reportFiles.ts';
import { suiteNames } from '../../catalogue/suites.ts';
import type { ConformOptions } from './ConformOptions.ts';
import { applyConfig } from './config/applyConfig.ts';
import type { LoadedConfig } from './config/loadConfig.ts';
import type { RunOptions } from './RunOptions.ts';
import { toConformOptions } from './toConformOptions.ts';

/** A run's options resolved: what the suites get, and what run() itself does with the rest. */
export interface ResolvedRun {
  options: ConformOptions;
  /** The config's targets the run selects, by name, in its order. */
  configTargets: string[];
  strict: boolean;
  requireReasons: boolean;
  /** Absolute paths: the config's relative to its folder, the ones given to the working directory. */
  report: ReportFile[];
  /** Every problem found, one line each, each once; empty when the run may start. */
  problems: string[];
}

/**
 * The one way a run's options are made: run()'s options (the command line's flags) laid over its
 * config (applyConfig: the config's named targets, each by its suite's builder) and checked with the
 * environment's secrets (toConformOptions: the run-wide values, and the target the flags name, by the
 * same builders). The config's named targets come first in each suite, then any the flags make.
 * Nothing is contacted and nothing is changed: the same options give the same run.
 */
export function resolveRunOptions(loaded: LoadedConfig | undefined, options: RunOptions, env: Record<string, string | undefined>): ResolvedRun {
  const configured = applyConfig(loaded, options, env);
  const fromFlags = toConformOptions(configured.input, env, configured.names);
  const targets = Object.fromEntries(suiteNames.map((suite) => [suite, [...configured.targets[suite], ...fromFlags.options.targets[suite]]])) as unknown as ConformOptions['targets'];
  return {
    options: { ...fromFlags.options, targets, ...(configured.withReference ? { withReference: true } : {}) },
    configTargets: suiteNames.flatMap((s) => configured.targets[s].map((t) => t.label ?? '')),
    strict: configured.strict,
    requireReasons: configured.requireReasons,
    report: configured.report,
    problems: [...new Set([...configured.problems, ...fromFlags.problems])],
  };
}
