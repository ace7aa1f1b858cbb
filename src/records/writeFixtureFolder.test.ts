import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { fixtureText } from './fixtureText.ts';
import { generateRecords } from './generateRecords.ts';
import { manifestText } from './manifestParts.ts';
import { RecordFolderError } from './RecordFolderError.ts';
import { writeFixtureFolder } from './writeFixtureFolder.ts';

const work = mkdtempSync(join(tmpdir(), 'fixture-folder-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('writeFixtureFolder', () => {
  test('a file per record and manifest.json listing them, beside what was in the folder', async () => {
    const dir = join(work, 'whole');
    const set = { count: 12, seed: 5, invalidRatio: 0.5 };
    await writeFixtureFolder(set, dir);
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    expect(await writeFixtureFolder(set, dir)).toEqual({ records: 12, invalid: 6, from: 0, to: 12, manifest: 'manifest.json' });
    const generated = generateRecords(set);
    const files = generated.map((_, i) => `record-${String(i + 1).padStart(4, '0')}.json`);
    expect(readdirSync(dir).sort()).toEqual([...files, 'manifest.json', 'notes.txt'].sort());
    generated.forEach((g, i) => expect(readFileSync(join(dir, files[i]!), 'utf8')).toBe(fixtureText(g.record)));
    expect(readFileSync(join(dir, 'manifest.json'), 'utf8')).toBe(manifestText(generated.map((g, i) => (g.rule ? { file: files[i]!, valid: g.valid, rule: g.rule } : { file: files[i]!, valid: g.valid }))));
  });

  test("a shard writes its records, named by their place in the whole set, and its manifest part", async () => {
    const dir = join(work, 'shard');
    const written = await writeFixtureFolder({ count: 10, seed: 5, invalidRatio: 0.5, shard: { index: 2, count: 2 } }, dir);
    expect(written).toEqual({ records: 5, invalid: 3, from: 5, to: 10, manifest: 'manifest-2-of-2.json' });
    expect(readdirSync(dir).sort()).toEqual(['manifest-2-of-2.json', 'record-0006.json', 'record-0007.json', 'record-0008.json', 'record-0009.json', 'record-0010.json']);
    const part = JSON.parse(readFileSync(join(dir, 'manifest-2-of-2.json'), 'utf8')) as { count: number; seed: number; shard: unknown; entries: unknown[] };
    expect(part).toMatchObject({ count: 10, seed: 5, invalidRatio: 0.5, shard: { index: 2, count: 2 } });
    expect(part.entries).toHaveLength(5);
  });

  test('a folder that cannot be made is a RecordFolderError in one line', async () => {
    const blocker = join(work, 'a-file');
    writeFileSync(blocker, 'x');
    await expect(writeFixtureFolder({ count: 2, seed: 1, invalidRatio: 0 }, join(blocker, 'sub'))).rejects.toThrow(new RecordFolderError(`${join(blocker, 'sub')} cannot be written: ${blocker} is a file, not a folder`));
  });
});
