import { isWarning } from './rootCauses.ts';
import { countCheck, emptyTally } from './countCheck.ts';
import type { CaseAnswer } from './finding.ts';
import { referenceLabels } from './referenceLabels.ts';
import type { CheckResult, MatrixCell, MatrixRow, ReferenceDifference, RunReport, SuiteMatrix } from './RunReport.ts';
import type { SuiteName } from '../catalogue/suites.ts';

/**
 * The report's matrix: for each suite that ran against more than one target, its clauses as rows and
 * targets as columns, each cell how that clause's checks went against that target, and the cases a
 * target failed where the reference's answer differs. Derived from the checks alone, so any report
 * (merged, or written before it existed) has it; empty when every suite had one target.
 */
export function clauseMatrix(report: RunReport): SuiteMatrix[] {
  const matrices: SuiteMatrix[] = [];
  for (const [suite, labels] of Object.entries(report.target) as Array<[SuiteName, string[]]>) {
    const targets = labels.filter(Boolean);
    if (targets.length < 2) continue;
    const checks = report.checks.filter((c) => c.suite === suite);
    const rows = new Map<string, MatrixRow>();
    for (const c of checks) {
      let row = rows.get(c.clause);
      if (!row) rows.set(c.clause, (row = { clause: c.clause, level: c.level, ...(c.group ? { group: c.group } : {}), cells: targets.map(() => null) }));
      const at = targets.indexOf(c.target);
      if (at < 0) continue;
      const cell: MatrixCell = (row.cells[at] ??= emptyTally());
      countCheck(cell, c.status, isWarning(report, c));
      if (c.status === 'failed') (cell.findings ??= []).push(c.id);
    }
    const ordered = [...rows.values()];
    const reference = targets.includes(referenceLabels[suite]) ? referenceLabels[suite] : undefined;
    matrices.push({
      suite,
      targets,
      ...(reference ? { reference } : {}),
      rows: [...ordered.filter((r) => !r.group), ...ordered.filter((r) => r.group)],
      differences: reference ? referenceDifferences(checks, reference) : [],
    });
  }
  return matrices;
}

/**
 * Each failing case of a target's failed check that the same check against the reference answered
 * otherwise, paired by the case's label (CheckResult.answers).
 */
function referenceDifferences(checks: readonly CheckResult[], reference: string): ReferenceDifference[] {
  const onReference = new Map(checks.filter((c) => c.target === reference).map((c) => [`${c.clause} ${c.title}`, c]));
  return checks.flatMap((c) => {
    if (c.target === reference || c.status !== 'failed' || !c.answers) return [];
    const theirs = answersByLabel(onReference.get(`${c.clause} ${c.title}`)?.answers);
    return c.answers
      .filter((a) => a.failed && theirs.has(a.label) && theirs.get(a.label) !== a.answer)
      .map((a) => ({ clause: c.clause, check: c.id, target: c.target, case: a.label, reference: theirs.get(a.label)!, answer: a.answer }));
  });
}

function answersByLabel(answers: readonly CaseAnswer[] | undefined): Map<string, string> {
  return new Map((answers ?? []).map((a) => [a.label, a.answer]));
}
