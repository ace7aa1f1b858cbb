// A user's script driving conform: every suite against the embedded targets, the JSON report written
// as `conform run --report json=PATH` would, the returned report and the checks seen on the way printed.
import { diffReports, exitCodeOf, run, type CheckResult } from 'conform-harness';

const seen: CheckResult[] = [];
// A quick look: 10 generated requests per operation (the default is 100), every check still run.
const report = await run({ fuzzRuns: 10, report: [{ format: 'json', path: 'reports/conform.json' }], onCheck: (check) => seen.push(check) });
// A run against itself: nothing changed.
const diff = diffReports(report, report);
process.stdout.write(JSON.stringify({ report, seen: seen.map((c) => c.id), exitCode: exitCodeOf(report), diff: diff.counts }));
