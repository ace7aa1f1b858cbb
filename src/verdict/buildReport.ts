import { clauseMatrix } from './clauseMatrix.ts';
import { commonCauses } from './commonCauses.ts';
import { resolveBlocked } from './resolveBlocked.ts';
import type { CheckResult, RunReport } from './RunReport.ts';
import { failuresInOrder } from './rootCauses.ts';
import type { SuiteName } from '../catalogue/suites.ts';
import { summaryOf } from './summaryOf.ts';
import { uncoveredClauses } from './uncoveredClauses.ts';
import { unjudgedClauses } from './unjudgedClauses.ts';

export interface BuildReportInput {
  version: string;
  suites: SuiteName[];
  seed: number;
  strict: boolean;
  startedAt: Date;
  durationMs: number;
  checks: CheckResult[];
  /** When a --grep filtered the checks, uncovered clauses say nothing and are left out. */
  filtered: boolean;
  /** Each suite's targets in the order they ran; absent (a merge): the order their first checks ended in. */
  targetOrder?: Partial<Record<SuiteName, string[]>>;
}

export function buildReport(input: BuildReportInput): RunReport {
  const checks = resolveBlocked(input.checks);
  const target: RunReport['target'] = {};
  for (const suite of input.suites) {
    const seen = [...new Set(checks.filter((c) => c.suite === suite && c.target).map((c) => c.target))];
    const order = input.targetOrder?.[suite] ?? [];
    target[suite] = [...order.filter((t) => seen.includes(t)), ...seen.filter((t) => !order.includes(t))];
  }
  const report: RunReport = {
    tool: 'conform',
    version: input.version,
    target,
    seed: input.seed,
    startedAt: input.startedAt.toISOString(),
    durationMs: Math.round(input.durationMs),
    strict: input.strict,
    summary: summaryOf({ strict: input.strict, checks }),
    checks,
    uncovered: input.filtered ? [] : uncoveredClauses(input.suites, checks),
    unjudged: unjudgedClauses(checks),
  };
  return { ...report, ...derivedFromChecks(report) };
}

/**
 * What a report derives from its checks' statuses, made anew whenever they change (the suppressions
 * file turns failures into accepted ones): its counts, the common causes of its failures, the matrix.
 */
export function derivedFromChecks(report: RunReport): Pick<RunReport, 'summary' | 'commonCauses' | 'matrix'> {
  const causes = commonCauses(report.checks, failuresInOrder(report));
  const matrix = clauseMatrix(report);
  return { summary: summaryOf(report), ...(causes.length ? { commonCauses: causes } : {}), ...(matrix.length ? { matrix } : {}) };
}
