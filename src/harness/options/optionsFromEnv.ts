import type { ConformOptions } from './ConformOptions.ts';
import { numberProblem } from './numberRules.ts';
import { isSuiteName, suiteNames, type SuiteName } from '../../catalogue/suites.ts';
import { isTargetOwn, runWideFirst, toConformOptions, type OptionInput, type OptionNames } from './toConformOptions.ts';

/**
 * The variables of a plain vitest run of the suites (`vitest --config vitest.conformance.config.ts`),
 * one per `conform run` option that has one in runOptionTable; docs/command-line.md, "Running a suite with plain
 * vitest", shows their table, made from it.
 */
export const targetEnv = Object.fromEntries(runWideFirst.filter((r) => r.variable && r.run !== false).map((r) => [r.name, r.variable])) as OptionNames;

type Env = Record<string, string | undefined>;

/**
 * A plain vitest run's options, read once from the environment into the object `conform run` hands the
 * suites, and held to the same rules (in the same words, naming the variables). Targets of suites the
 * run leaves out are not read: one environment may serve several runs. Throws an Error with every
 * problem, one per line.
 */
export function optionsFromEnv(env: Env): ConformOptions {
  const problems: string[] = [];
  const suites = (env[targetEnv.suites] || suiteNames.join(',')).split(',').map((s) => s.trim()).filter(Boolean);
  const runs = (suite: SuiteName): boolean => suites.includes(suite) || !suites.some(isSuiteName);
  const input: Record<string, unknown> = { suites };
  for (const row of runWideFirst) {
    const variable = targetEnv[row.name as keyof OptionNames];
    const raw = variable === undefined || row.kind === 'suites' ? undefined : env[variable] || undefined;
    if (raw === undefined || (isTargetOwn(row) && !row.suites!.some(runs))) continue;
    if (row.kind === 'number') {
      const problem = numberProblem(variable!, raw, row.rule!);
      if (problem) problems.push(problem);
      else input[row.name] = Number(raw.trim());
      // One command per line: several validators are compared side by side, each a target of its own.
    } else if (row.kind === 'commands') input[row.name] = raw.split('\n').map((c) => c.trim()).filter(Boolean);
    else input[row.name] = raw;
  }
  const { options, problems: more } = toConformOptions(input as OptionInput, env, targetEnv);
  problems.push(...more);
  if (problems.length) throw new Error(problems.join('\n'));
  return options;
}
