// The table of sent fields (src/meeting-platform/core/sentFields.ts) is what the token and API
// checks are made from: every near miss and equivalent it lists is a token probe or an API near miss,
// each is judged under the clause its row names, and that clause's matrix has it as a path.
import { describe, expect, test } from 'vitest';
import { findClause } from '../../src/catalogue/catalogue.ts';
import { loadPathMatrix } from '../../src/catalogue/pathMatrix.ts';
import { bearerEquivalentNames } from '../../src/meeting-platform/core/bearerEquivalents.ts';
import { bearerNearMissNames } from '../../src/meeting-platform/core/nearMisses.ts';
import { equivalentsUnder, nearMissesUnder, sentFields } from '../../src/meeting-platform/core/sentFields.ts';
import { tokenProbeNames } from './tokenProbes.ts';

const matrix = loadPathMatrix('meeting-platform')!;

describe('one row per sent field, both sides judged', () => {
  test.for(sentFields.map((row) => [row.field, row] as const))('%s: each near miss and each equivalent is a path of the clause its row names', ([, row]) => {
    expect(row.nearMisses.length + row.equivalents.length, 'a row tries its field one way at least').toBeGreaterThan(0);
    for (const [clause, names] of [['refusedUnder' in row ? row.refusedUnder : undefined, row.nearMisses], ['acceptedUnder' in row ? row.acceptedUnder : undefined, row.equivalents]] as const) {
      if (!names.length) continue;
      expect(clause, `${row.field} names no clause for ${names.join(', ')}`).toBeDefined();
      expect(findClause('meeting-platform', clause!)?.level).toBeDefined();
      expect(Object.keys(matrix.clauses[clause!] ?? {})).toEqual(expect.arrayContaining([...names]));
    }
  });

  test('every name is sent: a token probe, or a near miss or equivalent of the bearer token on the API', () => {
    const sent = new Set<string>([...tokenProbeNames, ...bearerNearMissNames, ...bearerEquivalentNames]);
    for (const row of sentFields) for (const name of [...row.nearMisses, ...row.equivalents]) expect(sent.has(name), name).toBe(true);
  });

  test('the refusal clauses and the equivalence clause gather their rows', () => {
    expect(nearMissesUnder('MP-TOKEN-INVALID-CLIENT')).toEqual(['id-longer', 'id-shorter', 'id-case', 'secret-longer', 'secret-shorter', 'secret-line-break', 'id-secret-swapped']);
    expect(nearMissesUnder('MP-TOKEN-WRONG-FLOW')).toEqual(['grant-type-longer', 'grant-type-shorter', 'grant-type-case', 'grant-type-spaces']);
    expect(equivalentsUnder('MP-TOKEN-EQUIVALENT')).toEqual(['basic-scheme-case', 'form-type-charset', 'form-type-case']);
    expect(equivalentsUnder('MP-API-EQUIVALENT')).toEqual(['bearer-lower-case', 'bearer-upper-case']);
    expect(findClause('meeting-platform', 'MP-TOKEN-EQUIVALENT')?.level).toBe('MUST');
    expect(findClause('meeting-platform', 'MP-API-EQUIVALENT')?.level).toBe('MUST');
  });
});
