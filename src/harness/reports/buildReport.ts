import { isClientClause, loadCatalogue } from '../catalogue/catalogue.ts';
import { clauseMatrix } from './clauseMatrix.ts';
import { commonCauses } from './commonCauses.ts';
import type { CheckResult, CheckStatus, RunReport, UncoveredClause } from './RunReport.ts';
import { clauseKey, failuresInOrder, isFailure, isWarning } from './rootCauses.ts';
import type { SuiteName } from '../catalogue/suites.ts';
import { isUnselected, unjudgedClauses } from './unjudgedClauses.ts';

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
  /** Each suite's targets in the order they ran; absent (a merge): the order their first checks ended in. */
  targetOrder?: Partial<Record<SuiteName, string[]>>;
}

export function buildReport(input: BuildReportInput): RunReport {
  const checks = resolveBlocked(input.checks);
  const target: RunReport['target'] = {};
  for (const suite of input.suites) {
    const seen = [...new Set(checks.filter((c) => c.suite === suite && c.target).map((c) => c.target))];
    const order = input.targetOrder?.[suite] ?? [];
    target[suite] = [...order.filter((t) => seen.includes(t)), ...seen.filter((t) => !order.includes(t))];
  }
  const report: RunReport = {
    tool: 'conform',
    version: input.version,
    target,
    seed: input.seed,
    startedAt: input.startedAt.toISOString(),
    durationMs: Math.round(input.durationMs),
    strict: input.strict,
    summary: summaryOf({ strict: input.strict, checks }),
    checks,
    uncovered: input.filtered ? [] : uncoveredClauses(input.suites, checks),
    unjudged: unjudgedClauses(checks),
  };
  return { ...report, ...derivedFromChecks(report) };
}

/**
 * What a report derives from its checks' statuses, made anew whenever they change (the suppressions
 * file turns failures into accepted ones): its counts, the common causes of its failures, the matrix.
 */
export function derivedFromChecks(report: RunReport): Pick<RunReport, 'summary' | 'commonCauses' | 'matrix'> {
  const causes = commonCauses(report.checks, failuresInOrder(report));
  const matrix = clauseMatrix(report);
  return { summary: summaryOf(report), ...(causes.length ? { commonCauses: causes } : {}), ...(matrix.length ? { matrix } : {}) };
}

/**
 * The report's counts: each check in one of them (a warning is a failed check counted apart), and the
 * MUST clauses not judged on a target (unjudgedClauses).
 */
export function summaryOf(run: { strict: boolean; checks: readonly CheckResult[] }): RunReport['summary'] {
  const count = (status: CheckStatus) => run.checks.filter((c) => c.status === status).length;
  const warned = run.checks.filter((c) => isWarning(run, c)).length;
  return {
    passed: count('passed'),
    failed: count('failed') - warned,
    accepted: count('accepted'),
    warnings: warned,
    blocked: count('blocked'),
    skipped: count('skipped'),
    unjudged: unjudgedClauses(run.checks).length,
  };
}

function byClause(checks: readonly CheckResult[]): Map<string, CheckResult[]> {
  const map = new Map<string, CheckResult[]>();
  for (const c of checks) {
    const key = clauseKey(c.suite, c.target, c.clause);
    map.set(key, [...(map.get(key) ?? []), c]);
  }
  return map;
}

/**
 * Settles each blocked check against the run's other checks. It stays blocked when the clause it depends
 * on failed against the same target (through a chain too: blocked by a clause whose checks were blocked
 * in turn, it is blocked by the failed clause at the chain's end), and then shows nothing of its own but
 * its reason. When that clause did not fail there (it passed, was skipped, did not run in this run or
 * shard), nothing explains the check's trouble: it is failed, saying so, with what evidence it gathered.
 * A block never hides a failure.
 */
export function resolveBlocked(checks: readonly CheckResult[]): CheckResult[] {
  const clauses = byClause(checks);
  const checksOf = (c: CheckResult) => clauses.get(clauseKey(c.suite, c.target, c.blockedBy ?? '')) ?? [];
  const rootOf = (c: CheckResult, seen: Set<CheckResult>): string | undefined => {
    const others = checksOf(c);
    if (others.some(isFailure)) return c.blockedBy;
    for (const o of others) {
      if (o.status !== 'blocked' || seen.has(o)) continue;
      seen.add(o);
      const root = rootOf(o, seen);
      if (root) return root;
    }
    return undefined;
  };
  return checks.map((c): CheckResult => {
    if (c.status !== 'blocked') return c;
    const { evidence, reproduction, finding, blockedBy, ...rest } = c;
    const root = blockedBy ? rootOf(c, new Set([c])) : undefined;
    if (root) return { ...rest, blockedBy: root };
    const others = checksOf(c);
    const state = others.some((o) => o.status === 'passed')
      ? 'passed'
      : others.some((o) => o.status === 'blocked')
        ? 'could not run either, with no failure behind it'
        : others.some((o) => o.status === 'skipped')
          ? 'was skipped'
          : 'did not run';
    const headline = `${c.message ?? 'the check could not run'} (it depends on ${blockedBy ?? 'another clause'}, which ${state} against this target: a failure of its own)`;
    return { ...rest, status: 'failed', message: headline, finding: { headline, groups: [] }, ...(evidence ? { evidence } : {}), ...(reproduction ? { reproduction } : {}) };
  });
}

/**
 * Catalogue clauses that no check of the run cites: no check exists for them. A clause whose checks were
 * skipped or blocked has checks; what they left unjudged is said apart (unjudgedClauses), with why. The
 * client clauses are no suite's to cover: the mocks and the proxy judge them.
 */
export function uncoveredClauses(suites: SuiteName[], checks: CheckResult[]): UncoveredClause[] {
  const covered = new Set(checks.filter((c) => !isUnselected(c)).map((c) => `${c.suite}:${c.clause}`));
  return suites.flatMap((suite) =>
    loadCatalogue(suite)
      .clauses.filter((c) => !isClientClause(c) && !covered.has(`${suite}:${c.id}`))
      .map((c) => ({ suite, id: c.id, section: c.section, level: c.level, ...(c.group ? { group: c.group } : {}), rule: c.rule, ...(c.basis ? { basis: c.basis } : {}) })),
  );
}
