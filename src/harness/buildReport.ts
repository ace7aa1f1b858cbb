import { loadCatalogue } from './catalogue.ts';
import type { CheckResult, RunReport, UncoveredClause } from './report.ts';
import type { SuiteName } from './suites.ts';

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
}

export function buildReport(input: BuildReportInput): RunReport {
  const { checks } = input;
  const target: RunReport['target'] = {};
  for (const suite of input.suites) {
    target[suite] = [...new Set(checks.filter((c) => c.suite === suite && c.target).map((c) => c.target))];
  }
  return {
    tool: 'conform',
    version: input.version,
    target,
    seed: input.seed,
    startedAt: input.startedAt.toISOString(),
    durationMs: Math.round(input.durationMs),
    strict: input.strict,
    summary: {
      passed: checks.filter((c) => c.status === 'passed').length,
      failed: checks.filter((c) => c.status === 'failed').length,
      skipped: checks.filter((c) => c.status === 'skipped').length,
    },
    checks,
    uncovered: input.filtered ? [] : uncoveredClauses(input.suites, checks),
  };
}

/** Catalogue clauses that no check of the run cited (a skipped check does not cover its clause). */
export function uncoveredClauses(suites: SuiteName[], checks: CheckResult[]): UncoveredClause[] {
  const covered = new Set(checks.filter((c) => c.status !== 'skipped').map((c) => `${c.suite}:${c.clause}`));
  return suites.flatMap((suite) =>
    loadCatalogue(suite)
      .clauses.filter((c) => !covered.has(`${suite}:${c.id}`))
      .map((c) => ({ suite, id: c.id, section: c.section, level: c.level, rule: c.rule })),
  );
}

/** 0: every MUST check passed (and, strict, every SHOULD check); 1: a check that counts failed. */
export function exitCodeOf(report: RunReport): 0 | 1 {
  const counts = (c: CheckResult) => c.level === 'MUST' || report.strict;
  return report.checks.some((c) => c.status === 'failed' && counts(c)) ? 1 : 0;
}

export interface ClauseRow {
  suite: SuiteName;
  clause: string;
  level: string;
  passed: number;
  failed: number;
  skipped: number;
  status: 'passed' | 'failed' | 'skipped';
}

/** The clause view: every clause a check cited, with how its checks went. */
export function clauseRows(report: RunReport): ClauseRow[] {
  const rows = new Map<string, ClauseRow>();
  for (const c of report.checks) {
    const key = `${c.suite}:${c.clause}`;
    let row = rows.get(key);
    if (!row) {
      row = { suite: c.suite, clause: c.clause, level: c.level, passed: 0, failed: 0, skipped: 0, status: 'skipped' };
      rows.set(key, row);
    }
    row[c.status]++;
    row.status = row.failed ? 'failed' : row.passed ? 'passed' : 'skipped';
  }
  return [...rows.values()];
}
