import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { basisLines, loadCatalogue } from './catalogue.ts';
import type { SuiteName } from './suites.ts';

/** The catalogues every clause of which must quote what it rests on: all of them. */
const quoted: SuiteName[] = ['fetch-service', 'meeting-platform', 'unit-record'];

/**
 * The seed documents live beside the repository (shared/seeds/ of the workspace), not in it: found by
 * $CONFORM_SEEDS_DIR or by looking up from the repository for shared/seeds/. A clone without them checks
 * every quote's form, not its words.
 */
function seedText(file: string): string | undefined {
  const dirs = process.env.CONFORM_SEEDS_DIR ? [process.env.CONFORM_SEEDS_DIR] : [];
  for (let dir = fileURLToPath(new URL('../../..', import.meta.url)); dirname(dir) !== dir; dir = dirname(dir)) dirs.push(join(dir, 'shared', 'seeds'));
  const found = dirs.map((d) => join(d, file)).find((f) => existsSync(f));
  return found && readFileSync(found, 'utf8');
}

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

describe.each(quoted)('the %s catalogue: every clause quotes what it rests on', (suite) => {
  const catalogue = loadCatalogue(suite);
  const seed = seedText(catalogue.seed);

  test('each clause has a basis: a seed sentence, or a public document with the sentence it says', () => {
    const bare = catalogue.clauses.filter((c) => !c.basis?.length).map((c) => c.id);
    expect(bare, 'clauses without a basis').toEqual([]);
    for (const c of catalogue.clauses) {
      for (const b of c.basis!) {
        expect(b.quote.trim().length, `${c.id}: an empty quote`).toBeGreaterThan(0);
        if ('seed' in b) expect(b.seed, `${c.id}: a seed quote names its section`).toMatch(/^§\d/);
        else expect(new URL(b.url).protocol, `${c.id}: ${b.url}`).toBe('https:');
      }
    }
  });

  test.skipIf(!seed)('each seed quote is the seed word for word (white space aside)', () => {
    const text = flat(seed!);
    const misquoted = catalogue.clauses.flatMap((c) => (c.basis ?? []).filter((b) => 'seed' in b && !text.includes(flat(b.quote))).map((b) => `${c.id}: ${b.quote}`));
    expect(misquoted).toEqual([]);
  });

  test('a basis reads as one line per sentence', () => {
    const first = catalogue.clauses[0]!;
    expect(basisLines(first)[0]).toMatch(/^(seed §\d.*|https:\/\/\S+): «.+»$/);
  });
});
