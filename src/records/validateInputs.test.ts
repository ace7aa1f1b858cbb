import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { brokenUnitTree } from './brokenUnitTree.ts';
import { exampleRecord } from './exampleRecord.ts';
import { fixtureText } from './fixtureText.ts';
import { generateRecords } from './generateRecords.ts';
import { placeName } from './Place.ts';
import { recordClauseIds } from './recordClauses.ts';
import { validateInputs, type Outcome, type RecordInput, type ValidateInputsOptions } from './validateInputs.ts';

const work = mkdtempSync(join(tmpdir(), 'conform-validate-inputs-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function collect(inputs: RecordInput[], options: ValidateInputsOptions = {}): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for await (const batch of validateInputs(inputs, { workers: 0, ...options })) outcomes.push(...batch);
  return outcomes;
}

function stream(name: string, text: string, chunk = 4096): RecordInput {
  const bytes = Buffer.from(text);
  return {
    name,
    chunks: (async function* () {
      for (let i = 0; i < bytes.length; i += chunk) yield bytes.subarray(i, i + chunk);
    })(),
  };
}

const ndjsonOf = (generated: unknown[]) => generated.map((g) => JSON.stringify(g) + '\n').join('');

describe('validateInputs', () => {
  it('gives the same outcomes, in input order, on worker threads as on this one', async () => {
    const lines = ndjsonOf(generateRecords({ count: 300, seed: 5, invalidRatio: 0.4 })).split('\n');
    lines.splice(17, 0, '', '{"record": ', 'not json');
    const text = lines.join('\n');
    const here = await collect([stream('<stdin>', text, 5000)]);
    const pooled = await collect([stream('<stdin>', text, 5000)], { workers: 2, workersAfter: 0 });
    expect(pooled).toEqual(here);
    expect(here.filter((o) => o.kind === 'unreadable').map((o) => placeName(o.place))).toEqual(['<stdin>:18', '<stdin>:19', '<stdin>:20']);
    expect(here.filter((o) => o.kind === 'record' && o.agrees)).toHaveLength(300);
  });

  it('stops cleanly when its reader stops early, batches still on the workers', async () => {
    const text = ndjsonOf(generateRecords({ count: 200, seed: 6 }));
    let batches = 0;
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      // Each batch is a line here, so that many are in flight when the reader leaves.
      for await (const batch of validateInputs([stream('<stdin>', text, 64)], { workers: 2, workersAfter: 0 })) {
        expect(batch.length).toBeGreaterThan(0);
        if (++batches === 3) break;
      }
      // Leaving the loop awaited the pool's close; a rejection of a dropped batch would be reported
      // once the microtasks of this turn have run, so one turn of the event loop is the whole wait.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(batches).toBe(3);
    expect(unhandled).toEqual([]);
  });

  it('compares the files of a directory with its manifest, naming each that disagrees', async () => {
    const dir = join(work, 'fixtures');
    mkdirSync(dir);
    const generated = generateRecords({ count: 4, seed: 2, invalidRatio: 0.5 });
    generated.forEach((g, i) => writeFileSync(join(dir, `r${String(i)}.json`), JSON.stringify(g.record)));
    writeFileSync(join(dir, 'notes.txt'), 'not read');
    const manifest = generated.map((g, i) => ({ file: `r${String(i)}.json`, valid: g.valid, ...(g.rule && { rule: g.rule }) }));
    manifest[0] = { file: 'r0.json', valid: !generated[0]!.valid };
    manifest.push({ file: 'gone.json', valid: true });
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));

    const outcomes = await collect([dir]);
    expect(outcomes.map((o) => (o.kind === 'record' ? [placeName(o.place), o.agrees] : o.kind === 'unreadable' ? [placeName(o.place), o.reason] : o.kind))).toEqual([
      [join(dir, 'gone.json'), 'is listed in manifest.json but does not exist'],
      [join(dir, 'r0.json'), false],
      [join(dir, 'r1.json'), true],
      [join(dir, 'r2.json'), true],
      [join(dir, 'r3.json'), true],
    ]);
  });

  it('gives each fixture of generated sets one verdict, its label\'s, as a file alone, in its directory and as a stream', async () => {
    /** What a verdict says, wherever the record was read: its errors, or why it could not be read. */
    const verdict = (o: Outcome | undefined) => (o?.kind === 'record' ? o.errors.map((e) => `${e.pointer} [${e.clause}]`) : o?.kind === 'unreadable' ? o.reason : o);
    const rules = new Set<string>();
    let arrays = 0;
    for (const seed of [3, 7, 19]) {
      const dir = join(work, `generated-${String(seed)}`);
      mkdirSync(dir);
      const generated = generateRecords({ count: 200, seed, invalidRatio: 0.6 });
      const files = generated.map((g, i) => {
        const path = join(dir, `record-${String(i).padStart(4, '0')}.json`);
        writeFileSync(path, fixtureText(g.record));
        return path;
      });
      writeFileSync(join(dir, 'manifest.json'), JSON.stringify(generated.map((g, i) => ({ file: `record-${String(i).padStart(4, '0')}.json`, valid: g.valid, ...(g.rule && { rule: g.rule }) }))));
      const inDirectory = await collect([dir]);
      const alone = await collect(files);
      // Each fixture's bytes on a stream of its own, in chunks small enough to split its lines.
      const streamed = (await Promise.all(files.map((path, i) => collect([stream(`stream-${String(i)}`, fixtureText(generated[i]!.record), 7)])))).map((o) => o[0]);
      expect(inDirectory).toHaveLength(generated.length);
      generated.forEach((g, i) => {
        const label = `seed ${String(seed)}, ${files[i]!}: ${fixtureText(g.record).slice(0, 200)}`;
        expect(inDirectory[i], label).toMatchObject({ kind: 'record', agrees: true });
        expect(verdict(alone[i]), label).toEqual(verdict(inDirectory[i]));
        expect(verdict(streamed[i]), label).toEqual(verdict(inDirectory[i]));
        if (g.rule) rules.add(g.rule);
        if (Array.isArray(g.record)) arrays++;
      });
    }
    // Every kind of invalid record, those that are arrays included (the kind once read as a list of records).
    expect([...rules].sort()).toEqual([...recordClauseIds].sort());
    expect(arrays).toBeGreaterThan(2);
  });

  it('with expect, a record without a label fails; without, it is judged by its verdict alone', async () => {
    const input = () => stream('x', JSON.stringify(exampleRecord()));
    expect(await collect([input()])).toEqual([{ kind: 'record', place: { source: 'x' }, id: exampleRecord().id, errors: [] }]);
    expect(await collect([input()], { expect: true })).toMatchObject([{ kind: 'record', agrees: false }]);
  });

  it('checks the tree over every record of every input, naming each place', async () => {
    const [broken] = fc.sample(brokenUnitTree('UR-TREE-UNIQUE-ID'), { seed: 3, numRuns: 1 });
    const [first, ...rest] = broken!.records;
    const arrayFile = join(work, 'set.json');
    writeFileSync(arrayFile, JSON.stringify(rest, null, 2));
    const outcomes = await collect([stream('<stdin>', JSON.stringify(first)), arrayFile], { tree: true });
    const tree = outcomes.at(-1)!;
    expect(tree.kind).toBe('tree');
    if (tree.kind !== 'tree') return;
    expect(tree.errors.map((e) => e.clause)).toEqual(['UR-TREE-UNIQUE-ID']);
    expect(placeName(tree.errors[0]!.place)).toMatch(/^(<stdin>|.*set\.json\[\d+\])$/);
    expect(outcomes.filter((o) => o.kind === 'record')).toHaveLength(broken!.records.length);
  });

  it('reports what cannot be read, and goes on', async () => {
    const failing: RecordInput = {
      name: 'flaky',
      chunks: (async function* () {
        yield Buffer.from(JSON.stringify(exampleRecord()) + '\n' + JSON.stringify(exampleRecord()) + '\n');
        throw Object.assign(new Error('i/o error'), { code: 'EIO' });
      })(),
    };
    const outcomes = await collect([join(work, 'missing.json'), failing, join(work, 'not-yet-a-dir')]);
    expect(outcomes.map((o) => (o.kind === 'unreadable' ? [placeName(o.place), o.reason] : o.kind))).toEqual([
      [join(work, 'missing.json'), 'does not exist'],
      'record',
      'record',
      ['flaky', 'cannot be read (EIO)'],
      [join(work, 'not-yet-a-dir'), 'does not exist'],
    ]);
    mkdirSync(join(work, 'empty-dir'));
    expect(await collect([join(work, 'empty-dir')])).toEqual([{ kind: 'unreadable', place: { source: join(work, 'empty-dir') }, reason: 'holds no .json record files' }]);
  });
});
