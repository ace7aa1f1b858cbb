import { countCheck, emptyTally } from './countCheck.ts';
import type { RunReport } from './RunReport.ts';
import type { ClauseRow, ClauseSection } from './ReportView.ts';
import { isWarning } from './rootCauses.ts';
import type { SuiteName } from '../catalogue/suites.ts';

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

/**
 * The clause table as every format shows it: the ordinary clauses first, then each group (security
 * checks) under its own heading, rows in run order within each. `except`: suites each format shows as
 * a matrix of their targets instead (clauseMatrix).
 */
export function clauseSections(report: RunReport, except: ReadonlySet<SuiteName> = new Set()): ClauseSection[] {
  const sections = new Map<string, ClauseSection>([['', { rows: [] }]]);
  for (const row of clauseRows(report, except)) {
    const group = row.group ?? '';
    let section = sections.get(group);
    if (!section) sections.set(group, (section = { group, rows: [] }));
    section.rows.push(row);
  }
  return [...sections.values()].filter((s) => s.rows.length > 0);
}
