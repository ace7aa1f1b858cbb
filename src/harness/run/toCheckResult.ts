import type { TestCase } from 'vitest/node';
import { findClause } from '../../catalogue/catalogue.ts';
import { findingFromErrors } from '../../verdict/findingFromErrors.ts';
import { redactTexts } from '../../exchange/redactTexts.ts';
import type { Redactor } from '../../exchange/Redactor.ts';
import type { CheckResult } from '../../verdict/RunReport.ts';
import { isSuiteName } from '../../catalogue/suites.ts';

/**
 * A finished vitest test case as a conformance check result, or undefined for a test that is no check.
 * Every text in it passes the run's Redactor.
 */
export function toCheckResult(testCase: TestCase, redactor: Redactor): CheckResult | undefined {
  const meta = testCase.meta();
  const suite = meta.conformSuite;
  const clauseId = meta.clause;
  if (!suite || !isSuiteName(suite) || !clauseId) return undefined;
  const clause = findClause(suite, clauseId);
  const result = testCase.result();
  // A blocked check is a skipped test to vitest (see check.ts); its meta says by what.
  const blocked = result.state === 'skipped' ? meta.blocked : undefined;
  const status = result.state === 'passed' ? 'passed' : result.state === 'failed' ? 'failed' : blocked ? 'blocked' : 'skipped';
  // A check outside describeTarget still belongs to a target: the describe block around it names one.
  const target = meta.conformTarget ?? (testCase.parent.type === 'suite' ? testCase.parent.name : '');
  // The test name starts with the clause id (see check.ts); the title is the rest.
  const title = testCase.name.startsWith(`${clauseId} `) ? testCase.name.slice(clauseId.length + 1) : testCase.name;
  const check: CheckResult = {
    id: [suite, target, testCase.name].filter(Boolean).join(' › '),
    suite,
    target,
    clause: clauseId,
    level: clause?.level ?? 'MUST',
    ...(clause?.group ? { group: clause.group } : {}),
    title,
    status,
    durationMs: Math.round(testCase.diagnostic()?.duration ?? 0),
  };
  // A check that ran out of its time judged nothing of its own, and the time is the harness's budget, not
  // the target's fault: it is not judged, saying so in the user's words, never failed (and never in the runner's).
  if (result.state === 'failed' && !meta.finding && result.errors.length > 0 && result.errors.every((e) => e.name === 'TestTimeoutError')) {
    const seconds = testCase.options.timeout === undefined ? undefined : Math.round(testCase.options.timeout / 1000);
    check.status = 'skipped';
    check.message = `not judged: the check did not finish ${seconds === undefined ? 'in the time it had' : `within its ${seconds} s`}, the run's budget for it: its target answered too slowly for all its requests to be judged`;
  } else if (result.state === 'failed') {
    const errors = result.errors.map((e) => ({ name: e.name, message: stripAnsi(e.message), diff: e.diff ? stripAnsi(e.diff) : undefined, actual: e.actual, expected: e.expected }));
    const finding = meta.finding ?? findingFromErrors(errors, testCase.options.timeout);
    // A diagnosis given with ctx.diagnose explains the check as a whole when its cases carry none.
    check.finding = redactTexts(meta.diagnosis && !finding.diagnosis ? { ...finding, diagnosis: meta.diagnosis } : finding, redactor);
    check.message = check.finding.headline;
  }
  if (blocked) {
    check.blockedBy = blocked.clause;
    check.message = redactor.redact(blocked.reason);
  } else if (result.state === 'skipped' && result.note) check.message = redactor.redact(result.note);
  // A blocked check's evidence is dropped with the block when it stands (buildReport.ts), shown when it does not.
  if (meta.reproduction) check.reproduction = redactor.redact(meta.reproduction);
  if (meta.evidence?.length) check.evidence = meta.evidence.map((e) => ({ label: e.label, text: redactor.redact(e.text) }));
  const notJudged = meta.notJudged ?? [];
  const paths = (meta.conformPaths ?? []).filter((p) => !notJudged.some((n) => n.path === p));
  if (paths.length) check.paths = paths;
  if (notJudged.length) check.notJudged = notJudged.map((n) => ({ path: n.path, reason: redactor.redact(n.reason) }));
  if (meta.exchanges) {
    const { requests, troubles, throttled } = meta.exchanges;
    check.exchanges = { requests, ...(troubles ? { troubles: Object.fromEntries(Object.entries(troubles).map(([outcome, n]) => [redactor.redact(outcome), n])) } : {}), ...(throttled ? { throttled } : {}) };
  }
  if (meta.answers?.length) check.answers = meta.answers.map((a) => ({ ...a, label: redactor.redact(a.label), answer: redactor.redact(a.answer) }));
  return check;
}

function stripAnsi(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}
