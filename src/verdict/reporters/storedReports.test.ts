// Every format rendered from reports stored as JSON, compared byte for byte with what the renderers made
// of them before: real runs (a validator with an accepted failure; three validators side by side, two
// broken; the fetch service's two embedded targets with generated checks off, trimmed to a few clauses)
// and one report holding everything a report can at once (blocked checks, a warning, a common cause,
// accepted and expired failures, a matrix with the reference's differing answers), also strict, with a
// shard and a suite that failed to load. Stored, they hold no time or port that changes between runs.
// A change to what a format shows changes its file here: `npx vitest run -u` rewrites them, for review.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { presentReport } from '../presentReport.ts';
import type { RunReport } from '../RunReport.ts';
import { consoleSummary } from '../fixtures/consoleSummary.ts';
import { renderHtml } from './renderHtml.ts';
import { renderJson } from './renderJson.ts';
import { renderJunit } from './renderJunit.ts';
import { renderMarkdown } from './renderMarkdown.ts';

const stored = ['unit-record-accepted', 'unit-record-three-validators', 'fetch-service-two-targets', 'everything', 'everything-strict-shard-errors'];
const file = (name: string) => `../fixtures/reports/${name}`;

describe.each(stored)('%s', (name) => {
  const text = readFileSync(new URL(`${file(name)}.json`, import.meta.url), 'utf8');
  const report = JSON.parse(text) as RunReport;
  const view = presentReport(report);

  test('JSON: the stored report, unchanged', () => {
    expect(renderJson(view)).toBe(text);
  });

  test('console summary', async () => {
    await expect(consoleSummary(report)).toMatchFileSnapshot(`${file(name)}.console.txt`);
  });

  test('HTML', async () => {
    await expect(renderHtml(view)).toMatchFileSnapshot(`${file(name)}.html`);
  });

  test('Markdown', async () => {
    await expect(renderMarkdown(view)).toMatchFileSnapshot(`${file(name)}.md`);
  });

  test('JUnit', async () => {
    await expect(renderJunit(view)).toMatchFileSnapshot(`${file(name)}.junit.xml`);
  });
});
