import { addOutcomes, type ExchangeOutcomes } from '../exchange/exchangeOutcomes.ts';
import type { CheckResult, CommonCause } from './RunReport.ts';
import type { SuiteName } from '../catalogue/suites.ts';

/**
 * Statuses a suite's checks provoke on purpose, which say nothing of the target's health: the fetch
 * service answers 502 and 504 for an origin at fault (seed §7), and the suite asks it to fetch such origins.
 */
const provoked: Partial<Record<SuiteName, readonly string[]>> = { 'fetch-service': ['502', '504'] };

/** At least this share of a target's requests met the outcome, and failures of this many clauses show it. */
const minShare = 0.05;
const minClauses = 2;

/**
 * The common causes of a run's failures, target by target, the one that explains most first: an
 * outcome (a 5xx status, no answer for one reason) met by at least 5% of the target's requests (as its
 * checks counted them, exchangeOutcomes.ts) that explains failures of at least two clauses. A failure
 * it explains is one of `failures` (those that fail the run) that met the outcome in its own requests,
 * or sent none (it judges the others' answers), and whose words or evidence show it ("503", "the
 * connection closed before a complete answer"). Each failure is explained by one cause at most.
 */
export function commonCauses(checks: readonly CheckResult[], failures: readonly CheckResult[]): CommonCause[] {
  const causes: CommonCause[] = [];
  for (const [key, ofTarget] of byTarget(checks)) {
    const [suite, target] = JSON.parse(key) as [SuiteName, string];
    const tally: ExchangeOutcomes = { requests: 0 };
    for (const c of ofTarget) if (c.exchanges) addOutcomes(tally, c.exchanges);
    const failed = failures.filter((c) => c.suite === suite && c.target === target);
    const candidates = Object.entries(tally.troubles ?? {})
      .filter(([outcome, count]) => !provoked[suite]?.includes(outcome) && count >= 2 && count / tally.requests >= minShare)
      .map(([outcome, count]) => ({ outcome, count, explained: failed.filter((c) => explains(outcome, c)) }))
      .sort((a, b) => b.explained.length - a.explained.length);
    const claimed = new Set<string>();
    for (const { outcome, count, explained } of candidates) {
      const mine = explained.filter((c) => !claimed.has(c.id));
      const clauses = [...new Set(mine.map((c) => c.clause))];
      if (clauses.length < minClauses) continue;
      for (const c of mine) claimed.add(c.id);
      causes.push({ suite, target, outcome, count, requests: tally.requests, checks: mine.map((c) => c.id), clauses });
    }
  }
  return causes.sort((a, b) => b.checks.length - a.checks.length);
}

function byTarget(checks: readonly CheckResult[]): Map<string, CheckResult[]> {
  const targets = new Map<string, CheckResult[]>();
  for (const c of checks) {
    const key = JSON.stringify([c.suite, c.target]);
    targets.set(key, [...(targets.get(key) ?? []), c]);
  }
  return targets;
}

/** The failure met the outcome in its own requests (or sent none) and says so in its words or evidence. */
function explains(outcome: string, check: CheckResult): boolean {
  const own = check.exchanges;
  if (own?.requests && !own.troubles?.[outcome]) return false;
  return shows(outcome, checkText(check));
}

/** A status as a number of its own ("→ 503 application/json", "answered 503"), not inside another ("15030"); a no-answer's reason in its words. */
function shows(outcome: string, text: string): boolean {
  const why = /^no answer: (.*)$/.exec(outcome)?.[1];
  if (why !== undefined) return text.includes(why);
  return new RegExp(`(?<![\\w.+-])${outcome}(?![\\w.+-])`).test(text);
}

/** Everything a failure says: its headline, causes and examples, the assertion and its evidence. */
function checkText(check: CheckResult): string {
  const f = check.finding;
  return [
    check.message ?? '',
    ...(f ? [f.headline, f.assertion ?? '', ...f.groups.flatMap((g) => [g.cause, ...g.examples.flatMap((e) => [e.label, e.problem])])] : []),
    ...(check.evidence ?? []).map((e) => e.text),
  ].join('\n');
}
