import { configuredReports } from '../options/config/applyConfig.ts';
import { findConfigFile, loadConfig } from '../options/config/loadConfig.ts';
import { splitNames } from '../options/config/splitNames.ts';
import type { ReportFile } from '../../verdict/reportFiles.ts';
import type { RunReport } from '../../verdict/RunReport.ts';
import { RunError } from '../../verdict/RunError.ts';
import { runLoaded } from './run.ts';
import type { RunOptions } from '../options/RunOptions.ts';

export interface RunNamedOptions extends Omit<RunOptions, 'suites' | 'targets' | 'config'> {
  /** The config file; default the nearest one (findConfigFile: here or in a folder above); false: none. */
  config?: string | false;
  /**
   * Once the config is read: the report files the run writes, the config's and the ones given (which
   * take the place of the config's of the same format).
   */
  onReportFiles?: (files: ReportFile[]) => void;
}

/**
 * `conform run NAME...`: run() with the config file (the nearest unless one is given or none is
 * wanted), read and checked once here, each name a suite or a target of that config. A RunError, a line per name, when a name is
 * both or neither; otherwise whatever run() returns or throws.
 */
export async function runNamed(names: readonly string[], options: RunNamedOptions = {}): Promise<RunReport> {
  const { config, onReportFiles, ...runOptions } = options;
  const file = config === false ? undefined : (config ?? findConfigFile());
  const loaded = file === undefined ? undefined : await loadConfig(file);
  const { suites, targets, problems } = splitNames(names, loaded);
  if (problems.length) throw new RunError(problems.join('\n'));
  onReportFiles?.(configuredReports(loaded, runOptions.report ?? []));
  return runLoaded(loaded, { ...runOptions, suites, targets });
}
