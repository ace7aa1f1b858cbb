// The view every format renders: derived once from the report, its matrices and common causes the
// report's own (buildReport made them; no renderer makes them again).
import { expect, test } from 'vitest';
import { presentReport } from './presentReport.ts';
import { blockedReport } from './fixtures/failingReport.ts';
import { sideBySideReport } from './fixtures/sideBySideReport.ts';

test("the matrices are the report's, not made again", () => {
  const report = sideBySideReport();
  const view = presentReport(report);
  expect(view.matrices).toBe(report.matrix);
  // A report whose every suite had one target has none, and its clause table holds every suite.
  const single = presentReport(blockedReport());
  expect(single.matrices).toEqual([]);
  expect(single.sections.flatMap((s) => s.rows).map((r) => r.suite)).toContain('meeting-platform');
  // The suite shown as a matrix is not in the clause table too.
  expect(view.sections.flatMap((s) => s.rows).map((r) => r.suite)).toEqual(['unit-record']);
});

test('a failure, its place in the list the matrix cells link to, the cases the reference answered otherwise', () => {
  const view = presentReport(sideBySideReport());
  const [broken] = view.failures.checks;
  expect(broken!.target).toBe('broken');
  expect(view.places.get(broken!.id)).toEqual({ kind: 'failure', index: 0 });
  expect(view.differences.get(broken!.id)?.map((d) => d.case)).toEqual(['no X-SVC-API-Key header', 'a key nobody issued']);
  expect(view.rootOf.get(broken!)?.clause).toBe('FS-AUTH-REQUIRED');
  expect([...view.severalTargets]).toEqual(['fetch-service']);
  expect(view.verdict).toBe('FAIL');
});

test('the warnings apart from the failures, each root with what it blocked, each suite counted', () => {
  const view = presentReport(blockedReport());
  expect(view.failures.roots.map((r) => [r.clause, r.blocked.length])).toEqual([['MP-TOKEN-FLOW', 4]]);
  expect(view.warnings.checks.map((c) => c.clause)).toEqual(['MP-TOKEN-FIELDS']);
  expect([...view.warned].map((c) => c.clause)).toEqual(['MP-TOKEN-FIELDS']);
  expect(view.suites).toEqual([{ suite: 'meeting-platform', targets: ['meeting platform at http://127.0.0.1:4010'], checks: 7, summary: view.report.summary }]);
});
