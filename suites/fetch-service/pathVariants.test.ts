// Every rule on every path: for each path of the clause × path matrix a variant bends alone
// (fixtures/pathVariants.ts), the real CLI run against it must fail exactly the clauses that fault breaks
// (a SHOULD clause alone: a warning, exit 0), and the checks that failed must be ones judging the paths it
// declares (pathMismatches). variantPaths.test.ts holds which paths have such a variant.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { OriginFarm } from '../../mocks/origin/startOriginFarm.ts';
import { findClause } from '../../src/catalogue/catalogue.ts';
import { startWarmFarm } from '../../src/harness/targets/startFetchServiceTargets.ts';
import { pathMismatches } from '../../src/testing/brokenPaths.ts';
import { runConform } from '../../src/testing/runConform.ts';
import { pathVariants } from './fixtures/pathVariants.ts';
import { startBrokenService, variantTimeoutSeconds } from './fixtures/startBrokenService.ts';

// Three runs at a time, as brokenServices.test.ts: the timeout probes must not starve for CPU.
vi.setConfig({ maxConcurrency: 3 });

const apiKey = `conform-path-${randomBytes(12).toString('hex')}`;
let farm: OriginFarm;
beforeAll(async () => {
  farm = await startWarmFarm();
});
afterAll(() => farm?.close());

// 142 CLI runs take about six minutes on a quiet 2-core machine and nine beside two busy processes,
// which would take CI near its 30 minutes: npm test leaves them to `npm run test:path-variants`, and
// counts them as skipped. variantPaths.test.ts still holds each declaration to the matrix.
const pathVariantsRun = process.env.CONFORM_PATH_VARIANTS === '1';

describe.skipIf(!pathVariantsRun).concurrent('the fetch-service suite, a path at a time', () => {
  test.for(pathVariants)('$name: fails $breaks on the paths it declares, and nothing else', { timeout: 180_000 }, async (variant, { signal }) => {
    const service = await startBrokenService(farm, apiKey, variant);
    // A fault of one clause is judged by that clause's checks alone (a third of a whole run's time): that
    // the fault breaks nothing else is what brokenServices.test.ts proves of the variants it bends.
    const only = variant.breaks.length === 1 ? ['--grep', `${variant.breaks[0]} `] : [];
    const args = ['run', 'fetch-service', '--base-url', service.url, '--origin-url', farm.httpUrl, '--fetch-timeout', String(variantTimeoutSeconds), '--fuzz-runs', '0', ...only];
    const r = await runConform(args, { SVC_API_KEY: apiKey }, { signal }).finally(() => service.close());
    const checks = r.report?.checks ?? [];
    const story = r.stdout.slice(-4000) + r.stderr;
    expect([...new Set(checks.filter((c) => c.status === 'failed').map((c) => c.clause))].sort(), story).toEqual([...variant.breaks].sort());
    expect(pathMismatches(checks, variant), story).toEqual([]);
    expect(r.exitCode).toBe(variant.breaks.some((id) => findClause('fetch-service', id)?.level === 'MUST') ? 1 : 0);
  });
});
