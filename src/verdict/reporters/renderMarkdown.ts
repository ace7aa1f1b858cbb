import type { CheckResult, MatrixCell, SuiteMatrix } from '../RunReport.ts';
import type { FindingPlace, ReportView, RootCause, RunVerdict } from '../ReportView.ts';
import { differenceLines, differenceText } from './differenceText.ts';
import { exampleLine, findingOfCheck, moreExamples } from './failureDetails.ts';
import { groupTitle } from './groupTitle.ts';
import { clauseList, rootHeadline, suppressionNotes, verdictLine } from './rootCauseText.ts';
import { commonCauseText } from './commonCauseText.ts';
import { summaryLine, verdictDetails, verdictNotes } from './runSummaryText.ts';
import { suiteSummaryText } from './suiteSummaryText.ts';
import { cell, code, fenced, inline, short } from './markdownText.ts';

/** Failures shown in full; the table lists them all. */
const detailedFailures = 20;
/** A reproduction longer than this (a record in a heredoc) is cut: the JSON and HTML reports hold it whole. */
const reproductionChars = 2500;
/** GitHub refuses a pull-request comment over 65,536 characters; a step summary allows more. */
const maxChars = 60_000;
/** The verdict readable at a glance in a list of pull-request comments. */
const verdictIcons: Record<RunVerdict, string> = { PASS: '✅', FAIL: '❌', 'COULD NOT RUN': '⚠️' };

/**
 * A short summary for a CI step summary ($GITHUB_STEP_SUMMARY) or a pull-request comment: the verdict,
 * the MUST clauses it did not judge right under it, the counts, then each common cause with the failed
 * clauses it explains in a table of its own, then the other root causes, a row per failed clause with its headline and the checks its failure blocked
 * folded under it (the one that blocked most first), then the warnings (failed SHOULD clauses, which do
 * not fail the run) in a table of their own, then the failures the suppressions file accepts in another
 * with their reasons, then each suite run against several targets as a matrix (the clauses a target did
 * not pass, each failing cell a link to its failure, the cases where the reference answered otherwise,
 * and the whole matrix folded), then the targets and what the file needs, then each failure's causes,
 * diagnoses and reproduction, then each warning's. Evidence stays in the HTML and JSON reports.
 */
export function renderMarkdown(view: ReportView): string {
  const { report, matrices, places, verdict } = view;
  const failed = view.failures.checks;
  const warned = view.warnings.roots;
  const warningChecks = view.warnings.checks;
  const acceptedRoots = view.accepted.roots;
  const beside = verdictNotes(view).replace(/^ — /, '');
  const out: string[] = [
    `## conform: ${verdictIcons[verdict]} ${verdictLine(view)}`,
    // What the run did not judge, right under the verdict.
    ...(beside ? ['', `⚠️ **${inline(beside)}**`, ...verdictDetails(view).map((d) => `- ${inline(d)}`)] : []),
    '',
    `**${inline(summaryLine(view))}** · seed ${report.seed} · ${(report.durationMs / 1000).toFixed(1)} s · conform ${report.version}${report.strict ? ' · strict' : ''}`,
  ];

  // A common cause first, the failed clauses it explains in its table; then the other failed clauses,
  // the ordinary ones first, then each group (security checks) in a table of its own.
  const lead = view.lead;
  for (const l of lead.causes) {
    out.push('', `### Common cause: ${inline(commonCauseText(l.cause))}`, '', `<details><summary>The ${l.roots.length} failed clause${l.roots.length === 1 ? '' : 's'} it explains</summary>`, '', '| clause | level | target | what went wrong |', '|---|---|---|---|');
    for (const r of l.roots) out.push(`| ${code(r.clause)} | ${r.level} | ${cell(r.target || r.suite)} | ${rootCell(r)} |`);
    out.push('', '</details>');
  }
  for (const group of [...new Set(lead.roots.map((r) => r.group ?? ''))].sort()) {
    out.push('', `### Failed ${group ? groupTitle(group).toLowerCase() : 'clauses'}`, '', '| clause | level | target | what went wrong |', '|---|---|---|---|');
    for (const r of lead.roots.filter((root) => (root.group ?? '') === group)) out.push(`| ${code(r.clause)} | ${r.level} | ${cell(r.target || r.suite)} | ${rootCell(r)} |`);
  }
  if (warned.length) {
    out.push('', '### ⚠️ Warnings: SHOULD clauses that failed (they do not fail the run unless `--strict`)', '', '| clause | level | target | what went wrong |', '|---|---|---|---|');
    for (const r of warned) out.push(`| ${code(r.clause)} | ${r.level} | ${cell(r.target || r.suite)} | ${rootCell(r)} |`);
  }
  if (acceptedRoots.length) {
    out.push('', `### Accepted: failures ${code(report.suppressions?.file ?? 'the suppressions file')} accepts (they do not fail the run)`, '', '| clause | level | target | what went wrong | reason | until |', '|---|---|---|---|---|---|');
    for (const r of acceptedRoots) {
      const s = r.failed[0]!.suppression;
      out.push(`| ${code(r.clause)} | ${r.level} | ${cell(r.target || r.suite)} | ${rootCell(r)} | ${cell(s?.reason ?? '')} | ${s?.until ?? ''} |`);
    }
  }

  // Only the first failures and warnings are shown in full, with an anchor a cell can link to.
  const anchored = (p: FindingPlace) => p.index < (p.kind === 'failure' ? detailedFailures : Math.max(0, detailedFailures - failed.length));
  for (const m of matrices) out.push('', ...matrixSection(m, places, anchored));

  out.push('', ...view.suites.map((t) => `- **${t.suite}**: ${inline(suiteSummaryText(t))}`));
  for (const n of suppressionNotes(report)) out.push(`- ${n.level === 'warning' ? '⚠️ ' : ''}${inline(n.text)}`);
  for (const e of report.errors ?? []) out.push(`- ⚠️ ${inline(e)}`);

  // Each root's blocked checks go under its first failure.
  const blockers = view.rootOf;
  // With a matrix, failures are numbered and anchored: its cells link to them.
  const numbered = matrices.length > 0;
  const notes = (c: CheckResult) => differenceLines(view.differences.get(c.id));
  failed.slice(0, detailedFailures).forEach((c, i) => out.push('', ...failureSection(c, blockers.get(c), '', numbered ? { anchor: `failure-${i + 1}`, number: `${i + 1}. ` } : undefined, notes(c))));
  if (failed.length > detailedFailures) out.push('', `… and ${failed.length - detailedFailures} more failures: see the HTML or JSON report.`);
  const detailedWarnings = Math.max(0, detailedFailures - failed.length);
  warningChecks.slice(0, detailedWarnings).forEach((c, i) => out.push('', ...failureSection(c, blockers.get(c), '⚠️ ', numbered ? { anchor: `warning-${i + 1}`, number: `w${i + 1}. ` } : undefined, notes(c))));
  if (warningChecks.length > detailedWarnings) out.push('', `… and ${warningChecks.length - detailedWarnings} more warnings: see the HTML or JSON report.`);

  if (report.uncovered.length) {
    out.push('', `<details><summary>${report.uncovered.length} clause(s) no check covers</summary>`, '');
    for (const u of report.uncovered) out.push(`- ${code(u.id)} (${u.suite}, ${u.level}${u.group ? `, ${u.group}` : ''} ${inline(u.section)}): ${inline(u.rule)}`);
    out.push('', '</details>');
  }
  const text = `${out.join('\n')}\n`;
  return text.length <= maxChars ? text : `${text.slice(0, maxChars)}\n\n… (cut at ${maxChars} characters: see the HTML or JSON report)\n`;
}

/** A root's "what went wrong" cell: its headline, and the checks it blocked folded under it. */
function rootCell(root: RootCause): string {
  const more = root.failed.length > 1 ? ` (${root.failed.length} checks of this clause failed)` : '';
  const blocked = root.blocked.length ? `<details><summary>it blocked ${root.blocked.length} check${root.blocked.length === 1 ? '' : 's'}</summary>${cell(clauseList(root.blocked), 2000)}</details>` : '';
  return `${cell(rootHeadline(root))}${more}${blocked}`;
}

/** A matrix cell: its status as an icon, a failing one with its failure's number, linked when the failure is shown in full. */
const cellIcons: Record<MatrixCell['status'], string> = { passed: '✅', failed: '❌', warning: '⚠️', accepted: '≈', blocked: '⊘', skipped: '➖' };

function matrixSection(m: SuiteMatrix, places: ReadonlyMap<string, FindingPlace>, anchored: (place: FindingPlace) => boolean): string[] {
  const cellText = (c: MatrixCell | null): string => {
    if (!c) return '·';
    const place = c.status === 'failed' || c.status === 'warning' ? c.findings?.map((id) => places.get(id)).find((p) => p !== undefined) : undefined;
    if (!place) return cellIcons[c.status];
    const number = place.kind === 'warning' ? `w${place.index + 1}` : `${place.index + 1}`;
    return anchored(place) ? `[${cellIcons[c.status]} ${number}](#${place.kind}-${place.index + 1})` : `${cellIcons[c.status]} ${number}`;
  };
  const table = (rows: SuiteMatrix['rows']) => [
    `| clause | level | ${m.targets.map((t) => cell(t)).join(' | ')} |`,
    `|---|---|${m.targets.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${code(r.clause)}${r.group ? ` (${inline(r.group)})` : ''} | ${r.level} | ${r.cells.map(cellText).join(' | ')} |`),
  ];
  // What a reader looks for: a clause some target failed, warned on or could not judge, or where the targets' outcomes differ.
  const notPassed = m.rows.filter((r) => r.cells.some((c) => c && (c.status === 'failed' || c.status === 'warning' || c.status === 'blocked')) || new Set(r.cells.map((c) => c?.status)).size > 1);
  const lines = [`### ${inline(m.suite)}: clauses × targets`, ''];
  if (m.reference) lines.push(`Compared with ${inline(m.reference)}.`, '');
  if (notPassed.length) lines.push(...table(notPassed));
  else lines.push('Every clause went the same against every target, and none failed.');
  if (m.differences.length) {
    lines.push('', 'Where the reference answers otherwise:', '');
    for (const d of m.differences) lines.push(`- ${code(d.clause)} [${inline(d.target)}] ${inline(d.case)}: ${inline(differenceText(d))}`);
  }
  lines.push('', `<details><summary>All ${m.rows.length} clauses × ${m.targets.length} targets</summary>`, '', ...table(m.rows), '', '</details>');
  return lines;
}

function failureSection(c: CheckResult, root: RootCause | undefined, mark = '', place?: { anchor: string; number: string }, differences: readonly string[] = []): string[] {
  const finding = findingOfCheck(c);
  const heading = `#### ${place ? `<a id="${place.anchor}"></a>${place.number}` : ''}${mark}${code(c.clause)} ${inline(c.title)}`;
  const lines = [heading, '', `**${inline(finding.headline)}** (${inline(c.target || c.suite)})`];
  if (differences.length) lines.push('', 'The reference answers otherwise:', '', ...differences.map((d) => `- ${inline(short(d))}`));
  if (finding.rule) lines.push('', `Rule: ${inline(finding.rule)}`);
  if (finding.diagnosis) lines.push('', `> **Diagnosis:** ${inline(finding.diagnosis)}`);
  if (finding.groups.length) lines.push('');
  for (const g of finding.groups) {
    const more = moreExamples(g);
    const examples = g.examples.map((e) => code(short(exampleLine(g, e)))).join(', ') + (more ? `, ${more}` : '');
    lines.push(`- **${g.count} ×** ${inline(g.cause)}: ${examples}`);
    if (g.diagnosis) lines.push(`  > **Diagnosis:** ${inline(g.diagnosis)}`);
  }
  if (c.reproduction) {
    const repro = c.reproduction.length > reproductionChars ? `${c.reproduction.slice(0, reproductionChars)}\n# … cut: the JSON and HTML reports hold the whole command` : c.reproduction;
    lines.push('', `Reproduce${finding.groups.length ? ' the first case of the leading cause' : ''}:`, '', ...fenced(repro, 'sh'));
  }
  if (root?.blocked.length) {
    lines.push('', `<details><summary>It blocked ${root.blocked.length} check${root.blocked.length === 1 ? '' : 's'}</summary>`, '');
    for (const b of root.blocked) lines.push(`- ${code(b.clause)} ${inline(b.title)}: ${inline(b.message ?? 'not run')}`);
    lines.push('', '</details>');
  }
  return lines;
}
