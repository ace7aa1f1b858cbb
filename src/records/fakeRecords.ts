import { createGeneratorSync, type JsonSchema } from 'json-schema-faker';
import { clauseAnnotationKeywords, recordSchema } from './recordSchema.ts';

function withoutAnnotations(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutAnnotations);
  if (typeof node !== 'object' || node === null) return node;
  const kept = Object.entries(node).filter(([key]) => !(clauseAnnotationKeywords as readonly string[]).includes(key));
  return Object.fromEntries(kept.map(([key, value]) => [key, withoutAnnotations(value)]));
}

// json-schema-faker copies keywords it does not know into the objects it makes (an object field came
// out as {"x-clause": "UR-OBJECT-FIELDS"}), so it gets the schema without the clause annotations.
const fakerSchema = withoutAnnotations(recordSchema) as JsonSchema;

export interface FakeRecordsOptions {
  count: number;
  /** Same seed, same records. */
  seed: number;
}

/**
 * Records made by json-schema-faker from the schema file alone: a second generator that knows nothing
 * of the fast-check arbitraries, so the two can check each other.
 */
export function fakeRecords({ count, seed }: FakeRecordsOptions): unknown[] {
  const generator = createGeneratorSync({ seed });
  return Array.from({ length: count }, (_, i) => withEitherStatus(generator.generate(fakerSchema), seed, i));
}

/**
 * json-schema-faker meets the schema's if/then by always making the `if` true: every record it makes
 * is provisional (with gapRefs, so valid). Half of them, picked by seed and position, become accepted,
 * which the schema allows whatever gapRefs holds, so the output keeps validating and has both statuses.
 */
function withEitherStatus(record: unknown, seed: number, index: number): unknown {
  const pick = Math.imul(seed ^ Math.imul(index + 1, 0x9e3779b1), 0x85ebca6b) >>> 31;
  if (pick === 1 && typeof record === 'object' && record !== null && 'status' in record) return { ...record, status: 'accepted' };
  return record;
}
