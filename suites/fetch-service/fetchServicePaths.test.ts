// Every rule on every path: each path of the fetch service's clause × path matrix
// (specs/fetch-service.paths.json) is judged by a check, against each embedded target (the reference and
// the mock), which take every path. A path no check judges fails here, so the matrix and the checks
// cannot drift apart.
import { expect, test } from 'vitest';
import { loadPathMatrix } from '../../src/catalogue/pathMatrix.ts';
import { loadCatalogue } from '../../src/catalogue/catalogue.ts';
import { expectEveryPathJudged } from '../../src/testing/expectEveryPathJudged.ts';
import { runConform } from '../../src/testing/runConform.ts';

test('the matrix names a path for every clause of the catalogue, and only clauses of it', () => {
  const matrix = loadPathMatrix('fetch-service')!;
  const clauses = loadCatalogue('fetch-service').clauses.map((c) => c.id);
  expect(Object.keys(matrix.clauses).sort()).toEqual([...clauses].sort());
  for (const [clause, paths] of Object.entries(matrix.clauses)) expect(Object.keys(paths).length, clause).toBeGreaterThan(0);
});

test('against the embedded reference and mock, every path of the matrix is judged, and passes', async () => {
  // A few generated requests are enough to judge the generated clauses' one path.
  const r = await runConform(['run', 'fetch-service', '--fuzz-runs', '3']);
  const report = r.report!;
  expect(report.checks.filter((c) => c.status !== 'passed').map((c) => `${c.target} ${c.clause} ${c.status}: ${c.message ?? ''}`), r.stdout.slice(-4000) + r.stderr).toEqual([]);
  const targets = [...new Set(report.checks.map((c) => c.target))];
  expect(targets).toHaveLength(2);
  for (const target of targets) expectEveryPathJudged(report, 'fetch-service', target);
}, 240_000);
