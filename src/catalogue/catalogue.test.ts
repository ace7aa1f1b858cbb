import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { basisLines, loadCatalogue } from './catalogue.ts';
import type { SuiteName } from './suites.ts';

/** The catalogues every clause of which must quote what it rests on: all of them. */
const quoted: SuiteName[] = ['fetch-service', 'meeting-platform', 'unit-record'];

/**
 * The seeds the catalogues quote, as the repository keeps them (specs/seeds/: a clone carries them, so the
 * quotes are checked everywhere), and the workspace's own (shared/seeds/ beside the repository, or
 * $CONFORM_SEEDS_DIR), which the copy must equal wherever they are at hand.
 */
const keptSeeds = fileURLToPath(new URL('../../specs/seeds/', import.meta.url));

function keptSeed(file: string): string {
  const path = join(keptSeeds, file);
  if (!existsSync(path)) throw new Error(`the seed ${file} is not at ${path}: copy it there from the workspace's shared/seeds/`);
  return readFileSync(path, 'utf8');
}

function workspaceSeedDir(): string | undefined {
  if (process.env.CONFORM_SEEDS_DIR) return process.env.CONFORM_SEEDS_DIR;
  for (let dir = fileURLToPath(new URL('../../..', import.meta.url)); dirname(dir) !== dir; dir = dirname(dir)) {
    if (existsSync(join(dir, 'shared', 'seeds'))) return join(dir, 'shared', 'seeds');
  }
  return undefined;
}
const workspaceSeeds = workspaceSeedDir();

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

describe.each(quoted)('the %s catalogue: every clause quotes what it rests on', (suite) => {
  const catalogue = loadCatalogue(suite);
  const seed = keptSeed(catalogue.seed);

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

  test('each seed quote is the seed word for word (white space aside)', () => {
    const text = flat(seed);
    const misquoted = catalogue.clauses.flatMap((c) => (c.basis ?? []).filter((b) => 'seed' in b && !text.includes(flat(b.quote))).map((b) => `${c.id}: ${b.quote}`));
    expect(misquoted).toEqual([]);
  });

  // Outside the workspace (a clone on its own) there is nothing to compare the copy with: the title says so.
  test.skipIf(!workspaceSeeds)(`specs/seeds/${catalogue.seed} is the workspace's seed as it stands${workspaceSeeds ? '' : ' (no shared/seeds/ beside this clone and no $CONFORM_SEEDS_DIR: not compared)'}`, () => {
    const theirs = join(workspaceSeeds!, catalogue.seed);
    expect(existsSync(theirs), `${theirs} is missing: point $CONFORM_SEEDS_DIR at the seeds`).toBe(true);
    expect(seed, `specs/seeds/${catalogue.seed} differs from ${theirs}: copy the workspace's seed over it and check the quotes`).toBe(readFileSync(theirs, 'utf8'));
  });

  test('a basis reads as one line per sentence', () => {
    const first = catalogue.clauses[0]!;
    expect(basisLines(first)[0]).toMatch(/^(seed §\d.*|https:\/\/\S+): «.+»$/);
  });
});
