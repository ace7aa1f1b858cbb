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
      .map((c) => ({ suite, id: c.id, section: c.section, level: c.level, ...(c.group ? { group: c.group } : {}), rule: c.rule })),
  );
}

/** 0: every MUST check passed (and, strict, every SHOULD check); 1: a check that counts failed. */
export function exitCodeOf(report: RunReport): 0 | 1 {
  const counts = (c: CheckResult) => c.level === 'MUST' || report.strict;
  return report.checks.some((c) => c.status === 'failed' && counts(c)) ? 1 : 0;
}

/** A run's outcome as every report heads it; COULD NOT RUN outranks the checks, since some never ran. */
export type Verdict = 'PASS' | 'FAIL' | 'COULD NOT RUN';

export function verdictOf(report: RunReport): Verdict {
  if (report.errors?.length) return 'COULD NOT RUN';
  return exitCodeOf(report) === 0 ? 'PASS' : 'FAIL';
}

export interface ClauseRow {
  suite: SuiteName;
  clause: string;
  level: string;
  group?: string;
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
      row = { suite: c.suite, clause: c.clause, level: c.level, ...(c.group ? { group: c.group } : {}), passed: 0, failed: 0, skipped: 0, status: 'skipped' };
      rows.set(key, row);
    }
    row[c.status]++;
    row.status = row.failed ? 'failed' : row.passed ? 'passed' : 'skipped';
  }
  return [...rows.values()];
}

/** Headings of the clause groups reports know; another group is shown as "<group> checks". */
const groupTitles: Record<string, string> = { security: 'Security checks' };

export function groupTitle(group: string): string {
  return groupTitles[group] ?? `${group} checks`;
}

/** A heading of the clause table and the rows under it. */
export interface ClauseSection {
  title: string;
  group?: string;
  rows: ClauseRow[];
}

/**
 * The clause table as every format shows it: the ordinary clauses first, then each group (security
 * checks) under its own heading, rows in run order within each.
 */
export function clauseSections(report: RunReport): ClauseSection[] {
  const sections = new Map<string, ClauseSection>([['', { title: 'Clauses', rows: [] }]]);
  for (const row of clauseRows(report)) {
    const group = row.group ?? '';
    let section = sections.get(group);
    if (!section) sections.set(group, (section = { title: groupTitle(group), group, rows: [] }));
    section.rows.push(row);
  }
  return [...sections.values()].filter((s) => s.rows.length > 0);
}
