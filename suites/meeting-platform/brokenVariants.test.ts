import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { chromiumPath, renderInChromium } from '../../src/harness/testing/headlessChromium.ts';
import { startMeetingPlatformServer, type MeetingPlatformServer } from '../../mocks/meeting-platform/startMeetingPlatformServer.ts';
import { runConform, type ConformResult } from '../../src/harness/testing/runConform.ts';
import { brokenVariants } from './brokenVariants.ts';

const servers: MeetingPlatformServer[] = [];
const reports = mkdtempSync(join(tmpdir(), 'conform-broken-meetings-'));
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(reports, { recursive: true, force: true });
});

/**
 * `conform run meeting-platform` against a mock on loopback, as a user would point it at a deployment.
 * The variants here bend the hand-written checks' rules and run without generated requests
 * (generatedVariants.test.ts holds the ones the generated checks must find).
 */
async function runAgainst(server: MeetingPlatformServer, fuzzRuns?: number, extraArgs: string[] = []): Promise<ConformResult> {
  const account = server.accounts[0]!;
  const fuzz = fuzzRuns === undefined ? [] : ['--fuzz-runs', String(fuzzRuns)];
  return runConform(['run', 'meeting-platform', '--auth-url', server.url, '--api-base-url', server.url, ...fuzz, ...extraArgs], {
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

  const results = new Map<string, ConformResult>();
  for (const variant of brokenVariants) {
    test(`fails ${variant.breaks.join(', ')} against ${variant.name} (${variant.fault})`, async () => {
      const server = await startMeetingPlatformServer({ prepend: variant.prepend });
      servers.push(server);
      const result = await runAgainst(server, 0, ['--report', `html=${join(reports, `${variant.name}.html`)}`]);
      results.set(variant.name, result);
      expect(result.report, result.stderr).toBeDefined();
      expect(failedClauses(result), `${variant.name}: the suite must fail exactly the clauses the fault breaks\n${result.stdout}`).toEqual([...variant.breaks].sort());
      expect(result.exitCode).toBe(1);
    });
  }

  /** The failed MP-ID-ENCODING check of a variant's run. */
  const uuidCheck = (variant: string) => results.get(variant)?.report?.checks.find((c) => c.clause === 'MP-ID-ENCODING' && c.status === 'failed');

  test('a lookup failure leads with one sentence and counts, and reproduces a meeting that failed', () => {
    for (const variant of ['single-decoding', 'plus-as-space']) {
      const check = uuidCheck(variant)!;
      expect(check.message).toMatch(/^\d+ of 47 meetings could not be fetched by UUID$/);
      const failed = check.finding!.failed!;
      expect(failed).toBeGreaterThan(0);
      expect(failed).toBeLessThan(47);
      expect(check.finding!.groups.reduce((n, g) => n + g.count, 0)).toBe(failed);
    }
    // Only double-encoded UUIDs fail when the platform decodes once; only those with a "+" when it reads "+" as a space.
    expect(uuidCheck('single-decoding')!.reproduction).toMatch(/\/v2\/meetings\/[^' ]*%25(2F|2f)/);
    expect(uuidCheck('plus-as-space')!.reproduction).toMatch(/\/v2\/meetings\/[^' ]*%2B/);
  });

  test('a "+" read back as a space is recognised and diagnosed', () => {
    const [group, ...others] = uuidCheck('plus-as-space')!.finding!.groups;
    expect(others).toEqual([]);
    expect(group!.cause).toBe('a "+" in the UUID came back as a space');
    expect(group!.diagnosis).toContain('form');
    expect(group!.examples[0]!.label).toMatch(/^uuid ".*\+.*"$/);
    const double = uuidCheck('single-decoding')!.finding!.groups;
    expect(double.map((g) => g.cause)).toEqual(['not found: UUIDs that start with "/" or contain "//", sent encoded twice as the rule says']);
  });

  test.skipIf(!chromiumPath)("the failing run's HTML report, in headless Chromium: targets named, the headline, the diagnosis, the reproduction", () => {
    const file = join(reports, 'plus-as-space.html');
    const check = uuidCheck('plus-as-space')!;
    const page = renderInChromium(file);
    expect(page.status).toBe(0);
    expect(page.log).not.toMatch(/Uncaught|SyntaxError/);
    expect(page.dom).not.toContain('(no checks ran)');
    expect(page.dom).toMatch(/<li><b>meeting-platform<\/b>: meeting platform at http:\/\/127\.0\.0\.1:\d+: \d+ checks, \d+ passed, 1 failed(, \d+ skipped)?<\/li>/);
    expect(page.dom).toContain(`<p class="headline">${check.message}</p>`);
    expect(page.dom).toContain('came back as a space');
    expect(page.dom).toContain('<b>Diagnosis</b>');
    expect(readFileSync(file, 'utf8')).toContain(check.reproduction!.replace(/&/g, '&#38;').replace(/'/g, '&#39;').replace(/"/g, '&#34;'));
  });
});
