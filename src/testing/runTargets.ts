import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConformConfig, TargetConfig } from '../harness/options/config/configSchema.ts';
import type { CheckResult } from '../verdict/RunReport.ts';
import { runConform, type ConformResult, type RunConformOptions } from './runConform.ts';

export interface TargetsRun extends ConformResult {
  /** The checks run against the target of that name, in the report's order. */
  checksOf(name: string): CheckResult[];
}

/**
 * `conform run` over several named targets at once, through the real command line: a config file naming
 * them (`settings` beside them) in a folder of its own, one run, one report. For the project's tests
 * that hold a suite to failing exactly the clauses each broken variant breaks: one run judges many
 * variants side by side, where a run each would start a CLI, a vitest and its workers per variant.
 */
export async function runTargets(
  targets: Record<string, TargetConfig>,
  settings: Omit<ConformConfig, 'targets'> = {},
  args: string[] = [],
  env: Record<string, string | undefined> = {},
  options: Omit<RunConformOptions, 'cwd'> = {},
): Promise<TargetsRun> {
  const dir = mkdtempSync(join(tmpdir(), 'conform-targets-'));
  try {
    writeFileSync(join(dir, 'conform.config.json'), JSON.stringify({ ...settings, targets }));
    const result = await runConform(['run', ...args], env, { ...options, cwd: dir });
    return { ...result, checksOf: (name) => (result.report?.checks ?? []).filter((c) => c.target === name) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
