import type { Finding, FindingGroup } from '../finding.ts';
import type { CheckResult } from '../report.ts';

/** Characters of one example line in plain text; the JSON report keeps them whole. */
const exampleWidth = 300;

/**
 * A failure as plain text (console, JUnit): the headline, the rule, the failing cases grouped by cause
 * with a few examples and a diagnosis each, then evidence and the reproduction of the first failing case.
 */
export function failureDetails(check: CheckResult): string {
  const parts = [findingText(check.finding ?? { headline: check.message ?? 'failed', groups: [] })];
  for (const item of check.evidence ?? []) parts.push(`--- ${item.label}\n${item.text}`);
  if (check.finding?.assertion) parts.push(`--- what the assertion said\n${check.finding.assertion}`);
  if (check.reproduction) parts.push(`--- reproduce${check.finding?.groups.length ? ' (the first failing case)' : ''}\n${check.reproduction}`);
  return parts.filter(Boolean).join('\n\n');
}

/** The headline, rule, diagnosis and groups of a finding, without its evidence. */
export function findingText(finding: Finding): string {
  const lines = [finding.headline];
  if (finding.rule) lines.push(`Rule: ${finding.rule}`);
  if (finding.diagnosis) lines.push(`Diagnosis: ${finding.diagnosis}`);
  for (const group of finding.groups) lines.push('', ...groupLines(group));
  return lines.join('\n');
}

function groupLines(group: FindingGroup): string[] {
  const lines = [`${group.count} × ${group.cause}`];
  for (const e of group.examples) lines.push(`    ${cut(exampleLine(group, e))}`);
  const more = group.count - group.examples.length;
  if (more > 0) lines.push(`    … and ${more} more`);
  if (group.diagnosis) lines.push(`  Diagnosis: ${group.diagnosis}`);
  return lines;
}

/** An example's label, with its problem when it says more than the group's cause. */
export function exampleLine(group: FindingGroup, example: { label: string; problem: string }): string {
  return example.problem === group.cause ? example.label : `${example.label}: ${example.problem}`;
}

function cut(text: string): string {
  const flat = text.replace(/\s*\n\s*/g, ' ');
  return flat.length > exampleWidth ? `${flat.slice(0, exampleWidth)}…` : flat;
}
