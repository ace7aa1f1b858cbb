import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { chromiumPath, renderInChromium } from '../../src/testing/headlessChromium.ts';
import { type MeetingPlatformServer } from '../../mocks/meeting-platform/startMeetingPlatformServer.ts';
import { runConform, type ConformResult } from '../../src/testing/runConform.ts';
import { expectEveryPathJudged } from '../../src/testing/expectEveryPathJudged.ts';
import { pathMismatches } from '../../src/testing/brokenPaths.ts';
import type { CheckResult } from '../../src/verdict/RunReport.ts';
import type { TargetsRun } from '../../src/testing/runTargets.ts';
import { brokenVariants, type BrokenVariant } from './fixtures/brokenVariants.ts';
import { blockedClauses, checksOf, expectedExitCode, failedClauses, runAgainst, runVariant, runVariantsSideBySide, startVariantServer } from './fixtures/variantRuns.ts';

const servers: MeetingPlatformServer[] = [];
const reports = mkdtempSync(join(tmpdir(), 'conform-broken-meetings-'));
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(reports, { recursive: true, force: true });
});

/** A variant's report files, by format. */
const reportFile = (variant: string, format: string) => join(reports, `${variant}.${format === 'junit' ? 'xml' : format === 'markdown' ? 'md' : format}`);

// One run after another: each is a CLI process with its own vitest workers, and they contend for CPU.
describe('the meeting-platform suite', () => {
  test.each(['node', 'msw'] as const)('passes against the correct mock served through its %s adapter, the generated checks at the default budget included, every path of the matrix judged', async (adapter) => {
    const server = await startVariantServer(undefined, adapter);
    servers.push(server);
    const result = await runAgainst(server);
    expect(result.report, result.stderr).toBeDefined();
    expect(failedClauses(checksOf(result)), result.stdout).toEqual([]);
    expect(result.report!.checks.length).toBeGreaterThanOrEqual(18);
    expect(result.exitCode).toBe(0);
    expectEveryPathJudged(result.report!, 'meeting-platform');
  });

  // empty-token and plus-as-space run alone, with every report file: the tests below read how each format
  // leads with a root cause, and a single target's HTML. The others are judged side by side, one run per
  // set of run options.
  const alone = new Set(['empty-token', 'plus-as-space']);
  const results = new Map<string, ConformResult>();
  const sideBySide = new Map<string, Promise<TargetsRun>>();
  const optionsOf = (v: BrokenVariant): string => `${v.grep ?? ''} ${v.fuzzRuns ?? 0}`;
  const runOf = (variant: BrokenVariant): Promise<TargetsRun> => {
    const key = optionsOf(variant);
    let run = sideBySide.get(key);
    if (!run) sideBySide.set(key, (run = runVariantsSideBySide(brokenVariants.filter((v) => !alone.has(v.name) && optionsOf(v) === key))));
    return run;
  };
  const checksOfVariant = (name: string): CheckResult[] => checksByVariant.get(name) ?? [];
  const checksByVariant = new Map<string, CheckResult[]>();

  for (const variant of brokenVariants) {
    test(`fails ${variant.breaks.join(', ')} against ${variant.name} (${variant.fault})`, async () => {
      let checks: CheckResult[];
      let story: string;
      if (alone.has(variant.name)) {
        const server = await startVariantServer(variant);
        servers.push(server);
        const files = ['html', 'markdown', 'junit'].flatMap((format) => ['--report', `${format}=${reportFile(variant.name, format)}`]);
        const result = await runVariant(server, variant, files);
        results.set(variant.name, result);
        expect(result.report, result.stderr).toBeDefined();
        expect(result.exitCode).toBe(expectedExitCode(variant));
        checks = checksOf(result);
        story = result.stdout;
      } else {
        const run = await runOf(variant);
        expect(run.report, run.stderr).toBeDefined();
        checks = run.checksOf(variant.name);
        expect(checks.length, run.stdout.slice(-3000)).toBeGreaterThan(0);
        // The run's exit code is the whole matrix's: 1 when any variant it judged breaks a MUST clause.
        expect(run.exitCode).toBe(brokenVariants.some((v) => !alone.has(v.name) && optionsOf(v) === optionsOf(variant) && expectedExitCode(v) === 1) ? 1 : 0);
        story = run.stdout.slice(-4000);
      }
      checksByVariant.set(variant.name, checks);
      expect(failedClauses(checks), `${variant.name}: the suite must fail exactly the clauses the fault breaks\n${story}`).toEqual([...variant.breaks].sort());
      expect(pathMismatches(checks, variant), `${variant.name}: the paths it declares are where it failed\n${story}`).toEqual([]);
      const blocks = Object.fromEntries(Object.entries(variant.blocks ?? {}).map(([root, clauses]) => [root, [...clauses].sort()]));
      expect(blockedClauses(checks), `${variant.name}: the suite must block exactly the checks the fault keeps from running\n${story}`).toEqual(blocks);
    }, 300_000);
  }

  /** The failed MP-ID-ENCODING check of a variant's run. */
  const uuidCheck = (variant: string) => checksOfVariant(variant).find((c) => c.clause === 'MP-ID-ENCODING' && c.status === 'failed');

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

  test('a page 2 that answered 503 blocks the checks that need it, saying so: it is never "one page only", nor a gap in the pages', () => {
    const checks = checksOfVariant('page-two-unavailable');
    const repeatable = checks.find((c) => c.clause === 'MP-PAGINATION-REPEATABLE')!;
    expect(repeatable.status).toBe('blocked');
    expect(repeatable.message).toMatch(/^no page 2 to ask again: page 2 \(GET \/v2\/users\/me\/meetings\?page_size=10&next_page_token=[^)]+\) answered 503 application\/json/);
    const once = checks.find((c) => c.clause === 'MP-PAGINATION-EXACTLY-ONCE')!;
    expect(once.message).toMatch(/^the walk broke off before its end: page 2 \(GET [^)]+\) answered 503 /);
    // The walk's end is not judged on a walk cut short; the other walks' ends are.
    const end = checks.find((c) => c.clause === 'MP-PAGINATION-END')!;
    expect(end.status).toBe('passed');
    expect(end.notJudged).toEqual([{ path: 'walk', reason: expect.stringMatching(/^the walk at page_size=10 broke off before its end: page 2 \(GET [^)]+\) answered 503 /) }]);
    // The meetings fetched one by one are those the walk listed before it broke off, and the evidence says so.
    const byId = checks.find((c) => c.clause === 'MP-MEETING-BY-ID')!;
    expect(byId.evidence!.find((e) => e.label === 'fetched')!.text).toMatch(/^10 of 10 listed meetings by id; the walk that listed them broke off before its end: page 2 \(GET [^)]+\) answered 503 /);
    const reasons = checks.flatMap((c) => [c.status === 'skipped' || c.status === 'blocked' ? (c.message ?? '') : '', ...(c.notJudged ?? []).map((n) => n.reason)]);
    expect(reasons.filter((r) => /one page only|never visited|gap/.test(r))).toEqual([]);
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

  describe('a token endpoint that answers {} leads every report with MP-TOKEN-FLOW and what it blocked', () => {
    const run = () => results.get('empty-token')!;
    const blockedCount = () => run().report!.checks.filter((c) => c.status === 'blocked').length;
    const tokenFlow = () => run().report!.checks.find((c) => c.clause === 'MP-TOKEN-FLOW')!;

    test('JSON: the cascades are blocked by MP-TOKEN-FLOW with no evidence of their own, and are no failures', () => {
      const { report } = run();
      expect(report!.summary.blocked).toBe(blockedCount());
      expect(report!.summary.blocked).toBeGreaterThanOrEqual(20);
      // Failed SHOULD checks are warnings, counted apart.
      const failed = report!.checks.filter((c) => c.status === 'failed');
      expect(report!.summary.failed).toBe(failed.filter((c) => c.level === 'MUST').length);
      expect(report!.summary.warnings).toBe(failed.filter((c) => c.level === 'SHOULD').length);
      expect(report!.summary.warnings).toBeGreaterThan(0);
      for (const c of report!.checks.filter((c) => c.status === 'blocked')) {
        expect(c.blockedBy, c.id).toBe('MP-TOKEN-FLOW');
        expect(c.message, c.id).toMatch(/^no access token to run this check with: POST http:\/\/127\.0\.0\.1:\d+\/oauth\/token answered 200 application\/json without an access_token$/);
        expect([c.evidence, c.finding, c.reproduction], c.id).toEqual([undefined, undefined, undefined]);
      }
      // The root's own failure carries its evidence, not a bare boolean diff.
      expect(tokenFlow().message).toBe('the token response must hold a non-empty access_token string');
      expect(tokenFlow().finding!.assertion).toBeUndefined();
      // No headline ends in a dangling colon, the generated checks' included.
      const headlines = report!.checks.flatMap((c) => (c.status === 'failed' ? [c.message!] : []));
      expect(headlines.filter((h) => /:\s*$/.test(h))).toEqual([]);
      expect(headlines).toContain('a valid request: the answer breaks the spec: body: the body lacks the required field "access_token" [required: access_token] (and 1 more)');
    });

    test('console: after the checks, the first line of the summary names MP-TOKEN-FLOW and the checks it blocked', () => {
      const lines = run().stdout.split('\n');
      const at = lines.findIndex((l) => l.startsWith('Root causes'));
      expect(lines[at]).toMatch(new RegExp(`^Root causes \\(\\d+ failed clauses, ${blockedCount()} checks blocked by them\\)$`));
      expect(lines[at + 1]).toMatch(new RegExp(`^  ✗ MP-TOKEN-FLOW failed: the token response must hold a non-empty access_token string; it blocked ${blockedCount()} checks: .*MP-ME-200`));
      const failures = lines.slice(lines.findIndex((l) => l.startsWith('Failures (')));
      expect(failures.find((l) => l.startsWith('✗ '))).toMatch(/^✗ meeting-platform MP-TOKEN-FLOW /);
      // The blocked MUST checks leave their clauses unjudged: counted too.
      expect(run().stdout).toMatch(new RegExp(`^\\d+ passed, \\d+ failed, \\d+ warnings, ${blockedCount()} blocked, \\d+ skipped, \\d+ MUST clauses not judged$`, 'm'));
      // The cascades are no failures: none is shown as one.
      expect(run().stdout).not.toMatch(/^✗ .*\n +no access token/m);
    });

    test('Markdown: one row per root, MP-TOKEN-FLOW first, the blocked checks folded under it', () => {
      const md = readFileSync(reportFile('empty-token', 'markdown'), 'utf8');
      const rows = md.split('\n').filter((l) => l.startsWith('| `'));
      expect(rows).toHaveLength(new Set(run().report!.checks.filter((c) => c.status === 'failed').map((c) => c.clause)).size);
      expect(rows[0]).toMatch(new RegExp(`^\\| \`MP-TOKEN-FLOW\` \\| MUST \\| .* \\| the token response must hold a non-empty access_token string<details><summary>it blocked ${blockedCount()} checks</summary>.*MP-ME-200.*</details> \\|$`));
      // The root causes come before anything else but the verdict and the counts.
      expect(md.indexOf('| `MP-TOKEN-FLOW`')).toBeLessThan(md.indexOf('- **meeting-platform**'));
    });

    test('JUnit: each blocked check is skipped, with MP-TOKEN-FLOW and the reason', () => {
      const xml = readFileSync(reportFile('empty-token', 'junit'), 'utf8');
      expect(xml.match(/<skipped message="blocked by MP-TOKEN-FLOW: no access token to run this check with: [^"]*"\/>/g)).toHaveLength(blockedCount());
      expect(xml).toMatch(/<failure message="the token response must hold a non-empty access_token string" type="MUST">/);
    });

    test('split in two shards and merged, the run keeps its blocked checks and what blocked them', async () => {
      const variant = brokenVariants.find((v) => v.name === 'empty-token')!;
      const server = await startVariantServer(variant);
      servers.push(server);
      const blobs = join(reports, 'empty-token-blobs');
      const shards = await Promise.all([1, 2].map((i) => runAgainst(server, variant.fuzzRuns, ['--shard', `${i}/2`, '--report', `blob=${blobs}`])));
      // A shard whose blocked checks wait on a clause the other shard runs cannot tell: it reports them failed.
      expect(shards.map((s) => s.exitCode)).toEqual([1, 1]);
      const merged = await runConform(['report', 'merge', blobs]);
      const outcome = (r: ConformResult) => r.report!.checks.map((c) => `${c.clause} ${c.title} ${c.status} ${c.blockedBy ?? ''}`).sort();
      expect(outcome(merged), merged.stdout + merged.stderr).toEqual(outcome(run()));
      expect(merged.report!.summary).toEqual(run().report!.summary);
      expect(merged.exitCode).toBe(1);
    });

    test.skipIf(!chromiumPath)('HTML, in headless Chromium: the header names the root cause, and the first failure block on the page is MP-TOKEN-FLOW with what it blocked', () => {
      const page = renderInChromium(reportFile('empty-token', 'html'));
      expect(page.status).toBe(0);
      expect(page.log).not.toMatch(/Uncaught|SyntaxError/);
      const roots = page.dom.slice(page.dom.indexOf('<div class="roots">'));
      expect(roots).toMatch(new RegExp(`^<div class="roots"><h2>Root causes</h2><ul><li><a href="#failure-0"><code>MP-TOKEN-FLOW</code></a> failed: the token response must hold a non-empty access_token string; <span class="blocked-by">it blocked ${blockedCount()} checks: `));
      const first = page.dom.slice(page.dom.indexOf('<article class="failure"'));
      const article = first.slice(0, first.indexOf('</article>'));
      expect(article).toMatch(/^<article class="failure" id="failure-0">\s*<h3><code>MP-TOKEN-FLOW<\/code>/);
      expect(article).toContain(`<details class="blocked"><summary>It blocked ${blockedCount()} checks</summary>`);
      expect(page.dom).toContain(`<div class="card blocked"><b>${blockedCount()}</b> blocked</div>`);
    });
  });

  test.skipIf(!chromiumPath)("the failing run's HTML report, in headless Chromium: targets named, the headline, the diagnosis, the reproduction", () => {
    const file = reportFile('plus-as-space', 'html');
    const check = uuidCheck('plus-as-space')!;
    const page = renderInChromium(file);
    expect(page.status).toBe(0);
    expect(page.log).not.toMatch(/Uncaught|SyntaxError/);
    expect(page.dom).not.toContain('(no checks ran)');
    expect(page.dom).toMatch(/<li><b>meeting-platform<\/b>: meeting platform at http:\/\/127\.0\.0\.1:\d+\/api: \d+ checks, \d+ passed, 1 failed, \d+ skipped(, \d+ MUST clauses? not judged)?<\/li>/);
    expect(page.dom).toContain(`<p class="headline">${check.message}</p>`);
    expect(page.dom).toContain('came back as a space');
    expect(page.dom).toContain('<b>Diagnosis</b>');
    expect(readFileSync(file, 'utf8')).toContain(check.reproduction!.replace(/&/g, '&#38;').replace(/'/g, '&#39;').replace(/"/g, '&#34;'));
  });
});
