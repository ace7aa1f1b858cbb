// Every rule on every path: for each path of the clause × path matrix the hand-written checks now walk, a
// platform broken there only must fail exactly the clauses its fault breaks with `--fuzz-runs 0` (a SHOULD
// clause alone: a warning, exit 0, and exit 1 under --strict), and block nothing.
import { afterAll, describe, expect, test } from 'vitest';
import type { MeetingPlatformServer } from '../../mocks/meeting-platform/startMeetingPlatformServer.ts';
import { pathVariants } from './pathVariants.ts';
import { blockedClauses, expectedExitCode, failedClauses, runVariant, startVariantServer } from './testing/variantRuns.ts';

const servers: MeetingPlatformServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

// One after another: each run is a CLI process with its own vitest workers, and they contend for CPU.
describe('the meeting-platform suite, a path at a time', () => {
  for (const variant of pathVariants) {
    test(`fails ${variant.breaks.join(', ')} against ${variant.name} (${variant.fault})${variant.grep ? `, run on ${variant.grep} alone` : ''}`, async () => {
      const server = await startVariantServer(variant);
      servers.push(server);
      const warningOnly = expectedExitCode(variant) === 0;
      const result = await runVariant(server, variant, warningOnly ? ['--strict'] : []);
      expect(result.report, result.stderr).toBeDefined();
      expect(failedClauses(result), `${variant.name}: the suite must fail exactly the clauses the fault breaks\n${result.stdout}`).toEqual([...variant.breaks].sort());
      expect(blockedClauses(result), `${variant.name}: the fault keeps no check from running\n${result.stdout}`).toEqual({});
      // A fault in SHOULD clauses alone fails a strict run; the report says how a plain one weighs it.
      expect(result.exitCode, result.stdout).toBe(1);
      if (warningOnly) expect(result.report!.summary).toMatchObject({ failed: variant.breaks.length, warnings: 0 });
    });
  }
});
