import type { Finding, FindingGroup } from '../finding.ts';
import type { CheckResult } from '../RunReport.ts';

/** Characters of one example line in plain text; the JSON report keeps them whole. */
const exampleWidth = 300;

/**
 * A failure as plain text (console, JUnit): the headline, the rule, the failing cases grouped by cause
 * with a few examples and a diagnosis each, where the reference answered its cases otherwise
 * (`differences`, a line each), then evidence and the reproduction of the first case of the leading cause.
 */
export function failureDetails(check: CheckResult, differences: readonly string[] = []): string {
  const parts = [findingText(findingOfCheck(check))];
  if (differences.length) parts.push(`The reference answers otherwise:\n${differences.map((d) => `    ${cut(d)}`).join('\n')}`);
  for (const item of check.evidence ?? []) parts.push(`--- ${item.label}\n${item.text}`);
  if (check.finding?.assertion) parts.push(`--- what the assertion said\n${check.finding.assertion}`);
  if (check.reproduction) parts.push(`--- reproduce${check.finding?.groups.length ? ' (the first case of the leading cause)' : ''}\n${check.reproduction}`);
  return parts.filter(Boolean).join('\n\n');
}

/** A check's finding; a failure without one (a plain assertion) still has its message to head it. */
export function findingOfCheck(check: CheckResult): Finding {
  return check.finding ?? { headline: check.message ?? 'failed', groups: [] };
}

/** The headline, rule, diagnosis and groups of a finding, without its evidence. */
function findingText(finding: Finding): string {
  const lines = [finding.headline];
  if (finding.rule) lines.push(`Rule: ${finding.rule}`);
  if (finding.diagnosis) lines.push(`Diagnosis: ${finding.diagnosis}`);
  for (const group of finding.groups) lines.push('', ...groupLines(group));
  return lines.join('\n');
}

function groupLines(group: FindingGroup): string[] {
  const lines = [`${group.count} × ${group.cause}`];
  for (const e of group.examples) lines.push(`    ${cut(exampleLine(group, e))}`);
  const more = moreExamples(group);
  if (more) lines.push(`    ${more}`);
  if (group.diagnosis) lines.push(`  Diagnosis: ${group.diagnosis}`);
  return lines;
}

/** An example's label, with its problem when it says more than the group's cause. */
export function exampleLine(group: FindingGroup, example: { label: string; problem: string }): string {
  return example.problem === group.cause ? example.label : `${example.label}: ${example.problem}`;
}

/** "… and N more" for the failing cases a group counts but shows no example of; empty when it shows them all. */
export function moreExamples(group: FindingGroup): string {
  const more = group.count - group.examples.length;
  return more > 0 ? `… and ${more} more` : '';
}

function cut(text: string): string {
  const flat = text.replace(/\s*\n\s*/g, ' ');
  return flat.length > exampleWidth ? `${flat.slice(0, exampleWidth)}…` : flat;
}
