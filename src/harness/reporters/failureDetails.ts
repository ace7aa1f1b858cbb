import type { CheckResult } from '../report.ts';

/** A failure as plain text: message, evidence and the command that reproduces it. */
export function failureDetails(check: CheckResult): string {
  const parts = [check.message ?? ''];
  for (const item of check.evidence ?? []) parts.push(`--- ${item.label}\n${item.text}`);
  if (check.reproduction) parts.push(`--- reproduce\n${check.reproduction}`);
  return parts.filter(Boolean).join('\n\n');
}
