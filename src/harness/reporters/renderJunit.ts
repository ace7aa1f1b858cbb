import junitModule, { type Builder } from 'junit-report-builder';
import type { CheckResult, RunReport } from '../report.ts';
import { failureDetails } from './failureDetails.ts';

// The package is CommonJS whose module.exports is the builder itself, while its types describe an ES
// default export; under NodeNext TypeScript reads that as module.exports.default. Node is right here.
const junit = junitModule as unknown as Builder;

/**
 * JUnit XML for CI: a testsuite per suite and target, a testcase per check named after its clause,
 * and the failure's evidence and reproduction in the failure body where CI shows it.
 */
export function renderJunit(report: RunReport): string {
  const builder = junit.newBuilder().name(`conform ${report.version}`);
  const groups = new Map<string, CheckResult[]>();
  for (const check of report.checks) {
    const key = check.target ? `${check.suite} (${check.target})` : check.suite;
    groups.set(key, [...(groups.get(key) ?? []), check]);
  }
  for (const [name, checks] of groups) {
    const suite = builder.testSuite().name(name).property('seed', String(report.seed));
    for (const check of checks) {
      const testCase = suite
        .testCase()
        // A grouped clause (security) sits in its own class path, so CI tools list the group together.
        .className([check.suite, check.group, check.clause].filter(Boolean).join('.'))
        .name(`${check.clause} [${check.level}] ${check.title}`)
        .time(check.durationMs / 1000);
      if (check.group) testCase.property('group', check.group);
      if (check.status === 'skipped') testCase.skipped();
      if (check.status === 'failed') {
        // A failed SHOULD check is reported as failed too: CI decides by exit code, people by the text.
        testCase.failure(check.message?.split('\n')[0] ?? 'failed', check.level).stacktrace(failureDetails(check));
      }
    }
  }
  return builder.build();
}
