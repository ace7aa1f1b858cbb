import type { Level } from '../catalogue/catalogue.ts';
import type { CheckResult, RunReport } from '../verdict/RunReport.ts';
import type { ClientReportOptions } from './createClientJudge.ts';

/** What holds a client report: a mock (its `clientReport()`), a started mock server, or a report already made. */
export type ClientReportSource = { clientReport(options?: ClientReportOptions): RunReport } | RunReport;

export interface ExpectCleanClientOptions extends ClientReportOptions {
  /** The lowest level that fails: "SHOULD" (the default) fails on every broken clause, "MUST" only on MUST ones. */
  level?: Level;
  /** Clause ids whose failures are accepted (a choice the app made knowingly). */
  accept?: readonly string[];
}

/** The error expectCleanClient throws: its message names each broken clause, the offending request and the cause. */
export class ClientFindingsError extends Error {
  readonly report: RunReport;
  readonly failed: CheckResult[];

  constructor(message: string, report: RunReport, failed: CheckResult[]) {
    super(message);
    this.name = 'ClientFindingsError';
    this.report = report;
    this.failed = failed;
  }
}

/** Causes shown per broken clause in the message; the report holds them all. */
const causesShown = 3;

/**
 * Fails (throws a ClientFindingsError) when the client broke a client clause: for a user's own tests, in
 * vitest or any runner, after the code under test has talked to the mock. The message names each broken
 * clause with its level and rule, then for each cause the offending request, what was wrong with it, what
 * to do, and a command that sends it again. By default the session counts as over: a walk of the meeting
 * list left with a token pending stopped early.
 *
 *   const mock = createMeetingPlatformMock();
 *   const server = setupServer(...mock.handlers);
 *   // ... run the integration ...
 *   expectCleanClient(mock);
 */
export function expectCleanClient(source: ClientReportSource, options: ExpectCleanClientOptions = {}): RunReport {
  const { level = 'SHOULD', accept = [], ...reportOptions } = options;
  const report = 'clientReport' in source ? source.clientReport(reportOptions) : source;
  const failed = report.checks.filter((c) => c.status === 'failed' && (level === 'SHOULD' || c.level === 'MUST') && !accept.includes(c.clause));
  if (report.errors?.length) throw new ClientFindingsError(`The client judge could not judge every request:\n${report.errors.join('\n')}`, report, failed);
  if (!failed.length) return report;
  const suites = Object.keys(report.target).join(', ');
  const lines = [`The client broke ${failed.length} client clause${failed.length === 1 ? '' : 's'} of ${suites}:`];
  for (const check of failed) {
    lines.push('', `✗ ${check.clause} (${check.level}): ${check.title}`, `  ${check.message ?? ''}`);
    const fixes = new Set<string>();
    for (const group of (check.finding?.groups ?? []).slice(0, causesShown)) {
      const example = group.examples[0];
      lines.push(`  - ${group.cause}${group.count > 1 ? ` (${group.count} times)` : ''}`);
      if (example) lines.push(`    ${example.label}`, `    ${example.problem}`);
      // The same fix for several causes is said once.
      if (group.diagnosis && !fixes.has(group.diagnosis)) lines.push(`    fix: ${group.diagnosis}`);
      if (group.diagnosis) fixes.add(group.diagnosis);
    }
    if (check.reproduction) lines.push('  reproduce the first:', ...check.reproduction.split('\n').map((l) => `    ${l}`));
  }
  throw new ClientFindingsError(lines.join('\n'), report, failed);
}
