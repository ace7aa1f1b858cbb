import { mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { mergeManifestFolder } from './mergeManifestFolder.ts';
import { RecordFolderError } from './RecordFolderError.ts';
import { writeFixtureFolder } from './writeFixtureFolder.ts';

const work = mkdtempSync(join(tmpdir(), 'merge-manifests-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const set = { count: 11, seed: 2, invalidRatio: 0.4 };

async function shards(name: string, indexes: number[]): Promise<string> {
  const dir = join(work, name);
  for (const index of indexes) await writeFixtureFolder({ ...set, shard: { index, count: 3 } }, dir);
  return dir;
}

describe('mergeManifestFolder', () => {
  test("joins every shard's part into the manifest.json of the whole set, byte for byte, and removes the parts", async () => {
    const whole = join(work, 'whole');
    await writeFixtureFolder(set, whole);
    const dir = await shards('parts', [3, 1, 2]);
    expect(await mergeManifestFolder(dir)).toEqual({ parts: 3, records: 11, manifest: join(dir, 'manifest.json') });
    expect(readdirSync(dir).sort()).toEqual(readdirSync(whole).sort());
    expect(readFileSync(join(dir, 'manifest.json'), 'utf8')).toBe(readFileSync(join(whole, 'manifest.json'), 'utf8'));
  });

  test('refuses, changing nothing, a part missing or a listed record file not there', async () => {
    const missing = await shards('missing', [1, 3]);
    await expect(mergeManifestFolder(missing)).rejects.toThrow(new RecordFolderError(`${missing}: part 2/3 missing: a merge needs every shard of the set`));
    expect(readdirSync(missing)).toContain('manifest-1-of-3.json');
    expect(readdirSync(missing)).not.toContain('manifest.json');

    const lost = await shards('lost', [1, 2, 3]);
    unlinkSync(join(lost, 'record-0005.json'));
    await expect(mergeManifestFolder(lost)).rejects.toThrow(new RecordFolderError(`${lost}: 1 listed record file(s) are not there, record-0005.json the first: copy every shard's files in`));
    expect(readdirSync(lost)).not.toContain('manifest.json');
  });

  test('refuses a folder it cannot read and a part that is not JSON', async () => {
    await expect(mergeManifestFolder(join(work, 'nowhere'))).rejects.toThrow(new RecordFolderError(`cannot read ${join(work, 'nowhere')}: ENOENT`));
    const dir = await shards('broken', [1]);
    writeFileSync(join(dir, 'manifest-2-of-3.json'), '{');
    await expect(mergeManifestFolder(dir)).rejects.toThrow(new RecordFolderError(`${join(dir, 'manifest-2-of-3.json')} is not JSON`));
  });
});
