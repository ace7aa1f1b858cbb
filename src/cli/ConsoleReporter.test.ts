import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { presentReport } from '../verdict/presentReport.ts';
import { ConsoleReporter } from './ConsoleReporter.ts';
import { failingReport } from '../verdict/fixtures/failingReport.ts';
import { sideBySideReport } from '../verdict/fixtures/sideBySideReport.ts';

function sink(isTTY: boolean): Writable & { isTTY: boolean; text: string } {
  const out = new Writable({
    write(chunk, _encoding, done) {
      out.text += String(chunk);
      done();
    },
  }) as Writable & { isTTY: boolean; text: string };
  out.text = '';
  out.isTTY = isTTY;
  return out;
}

describe('ConsoleReporter progress', () => {
  test('on a terminal: one line, replaced by the next and cleared before other output', () => {
    const out = sink(true);
    const reporter = new ConsoleReporter(out);
    reporter.progress('FS-FUZZ-NO-5XX fetchPage: 10/200');
    reporter.progress('FS-FUZZ-NO-5XX fetchPage: 20/200');
    reporter.start('done');
    expect(out.text.split('\r\u001b[2K')).toHaveLength(4);
    expect(out.text).toMatch(/conform: done(\u001b\[\d+m)?\n$/);
    expect(out.text).not.toMatch(/10\/200\n/);
  });

  test('not on a terminal (CI logs, pipes): a line of its own after 10 s of silence, none sooner, no carriage return', () => {
    const out = sink(false);
    let now = 0;
    const reporter = new ConsoleReporter(out, () => now);
    reporter.progress('FS-FUZZ-NO-5XX fetchPage: 10/200');
    expect(out.text).toBe('');
    now = 9_999;
    reporter.progress('FS-FUZZ-NO-5XX fetchPage: 40/200');
    expect(out.text).toBe('');
    now = 10_000;
    reporter.progress('FS-FUZZ-NO-5XX fetchPage: 41/200');
    expect(out.text).toBe('  … FS-FUZZ-NO-5XX fetchPage: 41/200\n');
    // The next one waits another 10 s of silence, which any line ends.
    now = 15_000;
    reporter.start('a line');
    now = 24_999;
    reporter.progress('FS-FUZZ-NO-5XX fetchPage: 90/200');
    expect(out.text).not.toContain('90/200');
    now = 25_000;
    reporter.progress('FS-FUZZ-NO-5XX fetchPage: 91/200');
    expect(out.text).toContain('  … FS-FUZZ-NO-5XX fetchPage: 91/200\n');
    expect(out.text).not.toContain('\r');
  });
});

describe('ConsoleReporter summary: targets side by side', () => {
  test('a suite run against several targets is a matrix: a failing cell names its failure, then where the reference answers otherwise', () => {
    const out = sink(false);
    new ConsoleReporter(out).summary(presentReport(sideBySideReport()));
    const lines = out.text.split('\n');
    const at = lines.indexOf('fetch-service: clauses × targets (compared with reference (embedded))');
    expect(at, out.text).toBeGreaterThan(0);
    expect(lines.slice(at + 1, at + 10)).toEqual([
      '  clause            level   reference (embedded)  staging  broken',
      '  FS-AUTH-KEY       MUST    pass                  pass     pass',
      '  FS-AUTH-REQUIRED  MUST    pass                  pass     FAIL 1',
      '  Security checks',
      '  FS-SEC-KEY-ECHO   MUST    pass                  skip     skip',
      '  Where the reference answers otherwise (2)',
      '    FS-AUTH-REQUIRED [broken] no X-SVC-API-Key header: the reference answers 401 here; broken answers 200',
      '    FS-AUTH-REQUIRED [broken] a key nobody issued: the reference answers 401 here; broken answers 200',
      '',
    ]);
    // The failure it names is number 1 below, with the reference's answers beside its own.
    const failure = out.text.slice(out.text.indexOf('✗ 1. fetch-service FS-AUTH-REQUIRED'));
    expect(failure).toContain('[broken]');
    expect(failure).toContain('The reference answers otherwise:\n        no X-SVC-API-Key header: the reference answers 401 here; broken answers 200');
    // The suite with one target keeps the clause table.
    expect(out.text).toMatch(/\nClauses\n {2}unit-record UR-ID +MUST +pass/);
    expect(out.text).not.toMatch(/\n {2}fetch-service FS-AUTH-KEY/);
  });

  test('one target per suite: no matrix, failures unnumbered', () => {
    const out = sink(false);
    new ConsoleReporter(out).summary(presentReport(failingReport()));
    expect(out.text).not.toContain('clauses × targets');
    expect(out.text).toContain('\n✗ meeting-platform MP-ID-ENCODING');
  });
});

describe('ConsoleReporter: the pace of a far deployment', () => {
  const pace = { suite: 'meeting-platform' as const, target: 'meeting platform at https://api.example.com', latencyMs: 2040, samples: 4, checkBudgetMs: 108_000, concurrency: 21, rateLimit: 10 };

  test('before the checks, a line per deployment given: its latency as measured, the budget and the pace', () => {
    const out = sink(false);
    const { rateLimit: _, ...unlimited } = pace;
    const given = { ...pace, target: 'given', concurrency: 4, concurrencyGiven: true };
    new ConsoleReporter(out).start('running meeting-platform', [pace, { ...unlimited, target: 'near', latencyMs: 3, samples: 3, concurrency: 1 }, given]);
    expect(out.text).toBe(
      [
        'conform: running meeting-platform',
        // The concurrency the run chose, and from what: the rate limit x the latency (Little's law).
        '  meeting platform at https://api.example.com answers in 2.0 s (median of 4); generated checks: 108 s budget each; up to 21 requests side by side (10 per second x 2.0 s, within 8 to 32), at 10 per second',
        '  near answers in 0.0 s (median of 3); generated checks: 108 s budget each; up to 1 request side by side, no rate limit',
        '  given answers in 2.0 s (median of 4); generated checks: 108 s budget each; up to 4 requests side by side, at 10 per second',
        '',
      ].join('\n'),
    );
  });

  test('after the checks, a run its target slowed with 429s says so, and by how much; one not slowed says nothing of it', () => {
    const slowed = sink(false);
    const report = failingReport();
    new ConsoleReporter(slowed).summary(presentReport({ ...report, pace: [{ ...pace, slowed: { answers: 3, waitedMs: 12_400, retried: 3 } }] }));
    expect(slowed.text).toContain('The run was slowed by 3 answers 429 from meeting platform at https://api.example.com: 12 s waited on their Retry-After, 3 requests sent again\n');
    const calm = sink(false);
    new ConsoleReporter(calm).summary(presentReport({ ...report, pace: [pace] }));
    expect(calm.text).not.toContain('slowed');
  });
});
