import { afterAll, describe, expect, test } from 'vitest';
import { startMeetingPlatformServer, type MeetingPlatformServer } from '../../mocks/meeting-platform/startMeetingPlatformServer.ts';
import { runConform, type ConformResult } from '../../src/harness/testing/runConform.ts';
import { brokenVariants } from './brokenVariants.ts';

const servers: MeetingPlatformServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/**
 * `conform run meeting-platform` against a mock on loopback, as a user would point it at a deployment.
 * The variants here bend the hand-written checks' rules and run without generated requests
 * (generatedVariants.test.ts holds the ones the generated checks must find).
 */
async function runAgainst(server: MeetingPlatformServer, fuzzRuns?: number): Promise<ConformResult> {
  const account = server.accounts[0]!;
  const fuzz = fuzzRuns === undefined ? [] : ['--fuzz-runs', String(fuzzRuns)];
  return runConform(['run', 'meeting-platform', '--auth-url', server.url, '--api-base-url', server.url, ...fuzz], {
    MEETING_CLIENT_ID: account.clientId,
    MEETING_CLIENT_SECRET: account.clientSecret,
    MEETING_ACCOUNT_ID: account.accountId,
  });
}

function failedClauses(result: ConformResult): string[] {
  return [...new Set((result.report?.checks ?? []).filter((c) => c.status === 'failed').map((c) => c.clause))].sort();
}

// One after another: each run is a CLI process with its own vitest workers, and they contend for CPU.
describe('the meeting-platform suite', () => {
  test.each(['node', 'msw'] as const)('passes against the correct mock served through its %s adapter, the generated checks at the default budget included', async (adapter) => {
    const server = await startMeetingPlatformServer({ adapter });
    servers.push(server);
    const result = await runAgainst(server);
    expect(result.report, result.stderr).toBeDefined();
    expect(failedClauses(result), result.stdout).toEqual([]);
    expect(result.report!.checks.length).toBeGreaterThanOrEqual(18);
    expect(result.exitCode).toBe(0);
  });

  for (const variant of brokenVariants) {
    test(`fails ${variant.breaks.join(', ')} against ${variant.name} (${variant.fault})`, async () => {
      const server = await startMeetingPlatformServer({ prepend: variant.prepend });
      servers.push(server);
      const result = await runAgainst(server, 0);
      expect(result.report, result.stderr).toBeDefined();
      expect(failedClauses(result), `${variant.name}: the suite must fail exactly the clauses the fault breaks\n${result.stdout}`).toEqual([...variant.breaks].sort());
      expect(result.exitCode).toBe(1);
    });
  }
});
