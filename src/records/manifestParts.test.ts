import { describe, expect, test } from 'vitest';
import { manifestPartName, mergeManifestParts, type ManifestPart } from './manifestParts.ts';

const part = (index: number, count: number, files: string[], set: Partial<ManifestPart> = {}): { name: string; part: ManifestPart } => ({
  name: manifestPartName({ index, count }),
  part: { count: 5, seed: 1, invalidRatio: 0, shard: { index, count }, entries: files.map((file) => ({ file, valid: true })), ...set },
});

describe('mergeManifestParts', () => {
  test('joins every part of a set in shard order, whatever order they come in', () => {
    const merged = mergeManifestParts([part(2, 2, ['c', 'd', 'e']), part(1, 2, ['a', 'b'])]);
    expect(merged).toEqual(['a', 'b', 'c', 'd', 'e'].map((file) => ({ file, valid: true })));
  });

  test('refuses a missing part, parts of different sets, a count that does not add up, nothing at all', () => {
    expect(mergeManifestParts([part(1, 3, ['a']), part(3, 3, ['e'])])).toBe('part 2/3 missing: a merge needs every shard of the set');
    expect(mergeManifestParts([part(1, 2, ['a', 'b']), part(2, 2, ['c', 'd', 'e'], { seed: 2 })])).toMatch(/^the parts are of different sets: --count 5 --seed 1 .* and --count 5 --seed 2/);
    expect(mergeManifestParts([part(1, 2, ['a']), part(2, 2, ['c'])])).toBe('the parts list 2 records, the set has 5');
    expect(mergeManifestParts([])).toMatch(/^no manifest-I-of-N.json/);
  });
});
