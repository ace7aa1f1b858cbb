// The fetch suite's table of sent fields: every field has both sides, near misses to refuse and forms
// to accept, or says why it has none; each form names a path of its clause's row in the matrix
// (specs/fetch-service.paths.json), so the checks made from the table declare what they judge.
import { describe, expect, test } from 'vitest';
import { findClause } from '../../src/catalogue/catalogue.ts';
import { loadPathMatrix } from '../../src/catalogue/pathMatrix.ts';
import { equivalentsUnder, nearMissesUnder, sentFields } from './sentFields.ts';

const matrix = loadPathMatrix('fetch-service')!;
const key = 'conform-Key-0123456789';

describe('the fetch suite\'s table of sent fields', () => {
  test.for(sentFields.map((f) => [f.field, f] as const))('%s: both sides, or why not', ([, f]) => {
    const misses = f.nearMisses(key);
    if (misses.length) expect(f.refusedUnder, 'the clause its near misses are refused under').toBeDefined();
    else expect(f.none?.nearMisses, 'why it has no near miss').toBeTruthy();
    if (f.equivalents.length) expect(f.acceptedUnder, 'the clause its equivalent forms are served under').toBeDefined();
    else expect(f.none?.equivalents, 'why it has no equivalent form').toBeTruthy();
    for (const [clause, forms] of [[f.refusedUnder, misses], [f.acceptedUnder, f.equivalents]] as const) {
      if (!clause) continue;
      expect(findClause('fetch-service', clause), clause).toBeDefined();
      for (const form of forms) expect(Object.keys(matrix.clauses[clause] ?? {}), `${clause} ${form.path}`).toContain(form.path);
    }
  });

  test('the checks take their forms from it: the key\'s near misses for FS-AUTH-REQUIRED, the header name\'s for FS-AUTH-HEADER-ONLY, the equal forms for FS-AUTH-KEY', () => {
    expect(nearMissesUnder('FS-AUTH-REQUIRED', key).map((m) => m.path)).toEqual(['key-appended', 'key-prepended', 'key-last-dropped', 'key-first-dropped', 'key-scheme', 'key-nbsp', 'key-case']);
    expect(nearMissesUnder('FS-AUTH-HEADER-ONLY', key).map((m) => m.path)).toEqual(['authorization-bearer', 'x-api-key', 'query-parameter']);
    expect(equivalentsUnder('FS-AUTH-KEY').map((e) => e.path)).toEqual(['json-charset', 'media-type-case', 'header-name-case']);
    // Every near miss takes the key out of X-SVC-API-Key or changes it; every equal form keeps it whole.
    for (const m of nearMissesUnder('FS-AUTH-HEADER-ONLY', key)) expect(m.form.key, m.path).toBeNull();
  });
});
