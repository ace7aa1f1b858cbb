import { describe, expect, it } from 'vitest';
import { clauseAt } from './clauseAt.ts';
import { isRecordClause } from './recordClauses.ts';
import { recordSchema } from './recordSchema.ts';

const notValidating = new Set(['$schema', '$id', 'title', 'description', 'x-clause', 'x-clause-if-missing']);
const applicators = new Set(['properties', 'items', 'if', 'then']);

/** Schema paths of every keyword that can raise an error, as ajv spells them in schemaPath. */
function validatingKeywordPaths(node: Record<string, unknown>, path: string): string[] {
  const found: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (notValidating.has(key)) continue;
    if (!applicators.has(key)) {
      found.push(`${path}/${key}`);
    } else if (key === 'properties') {
      for (const [name, sub] of Object.entries(value as Record<string, Record<string, unknown>>)) {
        found.push(...validatingKeywordPaths(sub, `${path}/properties/${name}`));
      }
    } else {
      found.push(...validatingKeywordPaths(value as Record<string, unknown>, `${path}/${key}`));
    }
  }
  return found;
}

describe('clauseAt', () => {
  const paths = validatingKeywordPaths(recordSchema, '#');

  it('finds a catalogue clause for every keyword of the schema that can fail a record', () => {
    // Failing the `if` condition is not an error: it only decides whether `then` applies.
    const checked = paths.filter((p) => !p.startsWith('#/if/'));
    expect(checked.length).toBeGreaterThan(40);
    for (const path of checked) {
      const clause = clauseAt(path);
      expect(clause !== undefined && isRecordClause(clause), path).toBe(true);
    }
  });

  it('reads keyword maps, the nearest enclosing annotation and the if-missing override', () => {
    expect(clauseAt('#/type')).toBe('UR-OBJECT');
    expect(clauseAt('#/additionalProperties')).toBe('UR-NO-EXTRA');
    expect(clauseAt('#/required', 'children')).toBe('UR-REQUIRED');
    expect(clauseAt('#/required', 'behavior')).toBe('UR-BEHAVIOR');
    expect(clauseAt('#/properties/children/items/type')).toBe('UR-CHILDREN');
    expect(clauseAt('#/properties/hash/pattern')).toBe('UR-HASH');
    expect(clauseAt('#/then/properties/gapRefs/minItems')).toBe('UR-PROVISIONAL-GAPS');
  });

  it('is undefined where no annotation covers the keyword', () => {
    expect(clauseAt('#/if')).toBeUndefined();
    expect(clauseAt('#/nowhere/at/all')).toBeUndefined();
  });
});
