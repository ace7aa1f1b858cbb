import junitModule, { type Builder, type TestCase, type TestSuite } from 'junit-report-builder';
import type { CheckResult, RunReport } from '../RunReport.ts';
import type { ReportView } from '../ReportView.ts';
import { commonCauseText } from './commonCauseText.ts';
import { failureDetails } from './failureDetails.ts';
import { summaryLine, unjudgedLines } from './runSummaryText.ts';

// The package is CommonJS whose module.exports is the builder itself, while its types describe an ES
// default export; under NodeNext TypeScript reads that as module.exports.default. Node is right here.
const junit = junitModule as unknown as Builder;

/**
 * JUnit XML for CI: a testsuite per suite and target, a testcase per check named after its clause (a
 * suite run against several targets names the target in each testcase's class too, as CI tools that
 * list test cases by class show it, and in a `target` property),
 * and the failure's evidence and reproduction in the failure body where CI shows it. A blocked check is
 * skipped, its message naming the failed clause that blocked it and why (a `blockedBy` property too).
 * A warning (a failed SHOULD check of a run that is not strict) is no failure, so CI stays green for it:
 * it is skipped with "warning (SHOULD): …" as the message, a `warning` property, and its details as the
 * test case's output; under --strict it is a failure like any other. An accepted failure (the
 * suppressions file accepts it) is skipped likewise, with "accepted (FILE): reason" as the message, an
 * `accepted` property and its details as the output.
 * Each suite carries the run's summary line (a `summary` property) and its target's common cause (a
 * `commonCause` property, on each failure it explains too); the MUST clauses a target was not judged on
 * are a test case of its own, skipped saying which and why (a failure under --strict); entries of the
 * suppressions file without a reason another, failed under --require-reasons.
 */
export function renderJunit(view: ReportView): string {
  const { report } = view;
  const builder = junit.newBuilder().name(`conform ${report.version}`);
  const groups = new Map<string, CheckResult[]>();
  for (const check of report.checks) {
    const key = check.target ? `${check.suite} (${check.target})` : check.suite;
    groups.set(key, [...(groups.get(key) ?? []), check]);
  }
  const several = view.severalTargets;
  const summary = summaryLine(view);
  const causes = report.commonCauses ?? [];
  for (const [name, checks] of groups) {
    const suite = builder.testSuite().name(name).property('seed', String(report.seed)).property('summary', summary);
    const [{ suite: suiteName, target } = { suite: '', target: '' }] = checks;
    const mine = causes.filter((c) => c.suite === suiteName && c.target === target);
    for (const cause of mine) suite.property('commonCause', commonCauseText(cause));
    unjudgedCase(suite, report, report.unjudged.filter((u) => u.suite === suiteName && u.target === target));
    for (const check of checks) {
      const testCase = suite
        .testCase()
        // A grouped clause (security) sits in its own class path, so CI tools list the group together.
        .className([check.suite, several.has(check.suite) ? check.target : undefined, check.group, check.clause].filter(Boolean).join('.'))
        .name(`${check.clause} [${check.level}] ${check.title}`)
        .time(check.durationMs / 1000);
      if (check.group) testCase.property('group', check.group);
      const cause = mine.find((c) => c.checks.includes(check.id));
      if (cause) testCase.property('commonCause', commonCauseText(cause));
      if (several.has(check.suite)) testCase.property('target', check.target);
      if (check.blockedBy) testCase.property('blockedBy', check.blockedBy);
      if (check.status === 'skipped') skipped(testCase, check.message);
      if (check.status === 'blocked') skipped(testCase, `blocked by ${check.blockedBy ?? 'another clause'}: ${check.message ?? 'not run'}`);
      if (check.status === 'accepted') {
        testCase.property('accepted', 'true').standardOutput(failureDetails(check));
        if (check.suppression?.until) testCase.property('acceptedUntil', check.suppression.until);
        skipped(testCase, `accepted (${report.suppressions?.file ?? 'suppressions file'}): ${check.suppression?.reason ?? ''}; ${check.message?.split('\n')[0] ?? 'failed'}`);
      } else if (view.warned.has(check)) {
        testCase.property('warning', 'true').standardOutput(failureDetails(check));
        skipped(testCase, `warning (SHOULD, does not fail the run unless --strict): ${check.message?.split('\n')[0] ?? 'failed'}`);
      } else if (check.status === 'failed') {
        testCase.failure(check.message?.split('\n')[0] ?? 'failed', check.level).stacktrace(failureDetails(check));
      }
    }
  }
  unexplainedCase(builder, view);
  return builder.build();
}

/**
 * The MUST clauses a target was not judged on, as a test case of its suite, so CI lists them beside the
 * checks: skipped, saying which and why, or failed under --strict, which fails the run on them.
 */
function unjudgedCase(suite: TestSuite, report: RunReport, unjudged: RunReport['unjudged']): void {
  if (!unjudged.length) return;
  const [first] = unjudged;
  const line = unjudgedLines(unjudged).join('; ');
  const testCase = suite.testCase().className([first!.suite, 'unjudged'].join('.')).name(`MUST clauses not judged on ${first!.target || first!.suite}`);
  for (const u of unjudged) testCase.property('unjudged', `${u.clause}: ${u.reasons.join('; ')}`);
  if (report.strict) testCase.failure(line, 'MUST');
  else skipped(testCase, line);
}

/** The suppressions file's entries without a reason, as a test case of their own: failed with --require-reasons, else skipped saying how many. */
function unexplainedCase(builder: Builder, view: ReportView): void {
  const s = view.report.suppressions;
  if (!s?.unexplained) return;
  const text = `${s.unexplained} entr${s.unexplained === 1 ? 'y' : 'ies'} of ${s.file} without a reason`;
  const testCase = builder.testSuite().name(`conform (${s.file})`).testCase().className('conform.suppressions').name(`every entry of ${s.file} says why its failure is accepted`);
  if (view.unexplainedFailing) testCase.failure(`${text} (--require-reasons fails the run on them)`);
  else skipped(testCase, text);
}

/**
 * Marks a test case skipped with a reason: the builder writes a bare <skipped/>, so the reason goes
 * onto that element (JUnit's `message` attribute, which CI tools show) once it is built.
 */
function skipped(testCase: TestCase, message: string | undefined): void {
  testCase.skipped();
  if (!message) return;
  const build = testCase.build.bind(testCase);
  testCase.build = (parent) => {
    const element = build(parent);
    for (const child of element.children) {
      if ('name' in child && child.name === 'skipped' && 'att' in child) child.att('message', message);
    }
    return element;
  };
}
