import { createHash } from 'node:crypto';
import type { CheckResult } from '../RunReport.ts';
import { stableText } from '../stableText.ts';

/** One way a check fails, as a suppression entry names it. */
export interface FailureCause {
  /** The check's title, its run-specific values put in stable words (stableText). */
  check: string;
  /** The cause, likewise: a group's cause in the check's finding, or its headline when it has no groups. */
  cause: string;
  /** The first 16 hex digits of SHA-256 over check and cause: what an entry is keyed by. */
  fingerprint: string;
}

/**
 * The causes a failed check fails for, each with its fingerprint. What identifies a fault across runs
 * is what the check is (its title) and why its cases failed (the causes of its finding's groups), not how
 * many cases there were, which ones (a seed picks them), the seed, the time or the ports: those vary from
 * run to run for the same fault. A finding without groups (a check of one assertion) fails for its
 * headline. Each cause once, in the finding's order.
 */
export function failureCauses(check: Pick<CheckResult, 'title' | 'message' | 'finding'>): FailureCause[] {
  const title = stableText(check.title);
  const texts = check.finding?.groups.length ? check.finding.groups.map((g) => g.cause) : [check.finding?.headline ?? check.message ?? ''];
  const causes = [...new Set(texts.map(stableText))];
  return causes.map((cause) => ({ check: title, cause, fingerprint: fingerprintOf(title, cause) }));
}

export function fingerprintOf(check: string, cause: string): string {
  return createHash('sha256').update(JSON.stringify([check, cause])).digest('hex').slice(0, 16);
}
