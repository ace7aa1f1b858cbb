import { countCheck, emptyTally } from './countCheck.ts';
import type { CheckTally, RunReport } from './RunReport.ts';
import { isWarning } from './rootCauses.ts';
import type { SuiteName } from '../catalogue/suites.ts';

export interface ClauseRow extends CheckTally {
  suite: SuiteName;
  clause: string;
  level: string;
  group?: string;
}

/** The clause view: every clause a check cited, with how its checks went (per clause, all targets together); `except`: suites shown as a matrix instead. */
export function clauseRows(report: RunReport, except: ReadonlySet<SuiteName> = new Set()): ClauseRow[] {
  const rows = new Map<string, ClauseRow>();
  for (const c of report.checks) {
    if (except.has(c.suite)) continue;
    const key = `${c.suite}:${c.clause}`;
    let row = rows.get(key);
    if (!row) {
      row = { suite: c.suite, clause: c.clause, level: c.level, ...(c.group ? { group: c.group } : {}), ...emptyTally() };
      rows.set(key, row);
    }
    countCheck(row, c.status, isWarning(report, c));
  }
  return [...rows.values()];
}

/** Headings of the clause groups reports know; another group is shown as "<group> checks". */
const groupTitles: Record<string, string> = { security: 'Security checks', client: 'Client checks' };

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
 * checks) under its own heading, rows in run order within each. `except`: suites each format shows as
 * a matrix of their targets instead (clauseMatrix).
 */
export function clauseSections(report: RunReport, except: ReadonlySet<SuiteName> = new Set()): ClauseSection[] {
  const sections = new Map<string, ClauseSection>([['', { title: 'Clauses', rows: [] }]]);
  for (const row of clauseRows(report, except)) {
    const group = row.group ?? '';
    let section = sections.get(group);
    if (!section) sections.set(group, (section = { title: groupTitle(group), group, rows: [] }));
    section.rows.push(row);
  }
  return [...sections.values()].filter((s) => s.rows.length > 0);
}
