// docs/add-a-check.md walks through a check added on a new path and a new clause, quoting the variant
// that proves each: those variants, read from the page, are run here against the suite, and each must
// be caught, failing exactly the clauses it breaks, on the paths it declares. A walk-through whose
// example stopped being caught, or that quotes a variant the tree no longer has, fails here.
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { MarkdownDoc } from '../../src/testing/MarkdownDoc.ts';
import { pathMismatches } from '../../src/testing/brokenPaths.ts';
import { pathVariants } from './fixtures/pathVariants.ts';
import { blockedClauses, failedClauses, runVariantsSideBySide } from './fixtures/variantRuns.ts';

const page = new MarkdownDoc(fileURLToPath(new URL('../../docs/add-a-check.md', import.meta.url)));
const quotedNames = page
  .fences()
  .filter((f) => f.marker === 'quote: suites/meeting-platform/fixtures/pathVariants.ts')
  .flatMap((f) => [...f.content.matchAll(/name: '([^']+)'/g)].map((m) => m[1]!));

test("the walk-through's variants are caught by the checks it adds", { timeout: 300_000 }, async () => {
  // Path A's variant and clause B's, as the page quotes them.
  expect(quotedNames).toEqual(['meeting-uuid-without-token', 'unknown-meeting-found']);
  const variants = quotedNames.map((name) => pathVariants.find((v) => v.name === name)!);
  expect(variants.every(Boolean), 'each quoted variant is in pathVariants').toBe(true);
  const run = await runVariantsSideBySide(variants);
  expect(run.report, run.stderr).toBeDefined();
  for (const variant of variants) {
    const checks = run.checksOf(variant.name);
    const story = `${variant.name} (${variant.fault})\n${run.stdout.slice(-4000)}`;
    expect(failedClauses(checks), story).toEqual([...variant.breaks].sort());
    expect(pathMismatches(checks, variant), story).toEqual([]);
    expect(blockedClauses(checks), story).toEqual({});
  }
  expect(run.exitCode).toBe(1);
});
