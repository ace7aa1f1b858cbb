import { describe, expect, it } from 'vitest';
import { parseManifest } from './parseManifest.ts';

describe('parseManifest', () => {
  it("reads generate's manifest into each file's label", () => {
    const text = JSON.stringify([{ file: 'record-1.json', valid: true }, { file: 'record-2.json', valid: false, rule: 'UR-HASH' }]);
    const manifest = parseManifest(text);
    expect(manifest.ok && [...manifest.labels]).toEqual([
      ['record-1.json', { valid: true }],
      ['record-2.json', { valid: false, rule: 'UR-HASH' }],
    ]);
  });

  it.each([
    ['{"file": "a.json"}', 'is not a manifest: expected an array of {file, valid, rule?}'],
    ['[{"valid": true}]', 'is not a manifest: entry 0 has no "file"'],
    ['[{"file": "a.json", "valid": true}, {"file": "b.json", "valid": "no"}]', 'is not a manifest: entry 1 has "valid" that is not true or false'],
    ['[{"file": "a.json", "valid": false, "rule": 3}]', 'is not a manifest: entry 0 has "rule" that is not a clause id'],
    ['[{"file": "a.json", "valid": true}, {"file": "a.json", "valid": false}]', 'is not a manifest: entry 1 has "file" "a.json", already listed'],
  ])('names the first entry that is wrong in %s', (text, reason) => {
    expect(parseManifest(text)).toEqual({ ok: false, reason });
  });

  it('says when it is not JSON', () => {
    expect(parseManifest('[{')).toMatchObject({ ok: false, reason: expect.stringMatching(/^is not JSON: /) });
  });
});
