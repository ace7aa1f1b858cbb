import { isJsonObject } from '../json/isJsonObject.ts';
import type { CheckStatus, RunReport } from './RunReport.ts';
import { isSuiteName } from '../catalogue/suites.ts';
import { unjudgedClauses } from './unjudgedClauses.ts';

const statuses: readonly CheckStatus[] = ['passed', 'failed', 'accepted', 'blocked', 'skipped'];

/**
 * A run's report read back from the text `--report json=PATH` wrote, checked for what reading it needs:
 * the run's suites and targets, its strictness, and each check's suite, target, clause, level, title and
 * status. Throws an Error saying in one line what is wrong (not JSON, not a conform report, the first
 * check that is not one). Fields a report of an older conform lacks get their meaning then: no
 * accepted checks, not strict, no uncovered clauses listed, the unjudged ones derived from the checks.
 */
export function parseRunReport(text: string): RunReport {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new Error(`is not JSON (${(err as Error).message.split('\n')[0]})`);
  }
  const hint = 'expected the JSON report of conform run --report json=PATH';
  if (!isJsonObject(data) || data.tool !== 'conform') throw new Error(`is not a conform report: ${hint}`);
  if (!Array.isArray(data.checks)) throw new Error(`is not a conform report (no "checks" list): ${hint}`);
  if (!isJsonObject(data.target) || !Object.entries(data.target).every(([suite, labels]) => isSuiteName(suite) && Array.isArray(labels) && labels.every((l) => typeof l === 'string'))) {
    throw new Error(`is not a conform report ("target" is not each suite's list of target labels): ${hint}`);
  }
  data.checks.forEach((c: unknown, i) => {
    const where = `check ${i + 1}`;
    if (!isJsonObject(c)) throw new Error(`is not a conform report: ${where} is not an object`);
    for (const key of ['suite', 'target', 'clause', 'title'] as const) {
      if (typeof c[key] !== 'string') throw new Error(`is not a conform report: ${where} has no "${key}" string`);
    }
    if (!isSuiteName(c.suite as string)) throw new Error(`is not a conform report: ${where} names no suite conform knows (${JSON.stringify(c.suite)})`);
    if (c.level !== 'MUST' && c.level !== 'SHOULD') throw new Error(`is not a conform report: ${where} has level ${JSON.stringify(c.level)}, not MUST or SHOULD`);
    if (!statuses.includes(c.status as CheckStatus)) throw new Error(`is not a conform report: ${where} has status ${JSON.stringify(c.status)}, not one of ${statuses.join(', ')}`);
  });
  return {
    ...(data as unknown as RunReport),
    version: typeof data.version === 'string' ? data.version : 'unknown',
    seed: typeof data.seed === 'number' ? data.seed : 0,
    startedAt: typeof data.startedAt === 'string' ? data.startedAt : '',
    strict: data.strict === true,
    uncovered: Array.isArray(data.uncovered) ? (data.uncovered as RunReport['uncovered']) : [],
    unjudged: Array.isArray(data.unjudged) ? (data.unjudged as RunReport['unjudged']) : unjudgedClauses(data.checks as RunReport['checks']),
  };
}
