import { isRecordClause, type RecordClause } from './recordClauses.ts';
import { recordSchema } from './recordSchema.ts';

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nodeAt(segments: readonly string[]): unknown {
  let node: unknown = recordSchema;
  for (const segment of segments) node = isNode(node) ? node[segment] : undefined;
  return node;
}

function known(id: unknown): RecordClause | undefined {
  return typeof id === 'string' && isRecordClause(id) ? id : undefined;
}

const cache = new Map<string, RecordClause | undefined>();

/**
 * The catalogue clause that the schema keyword at `schemaPath` (as ajv reports it, "#/properties/order/
 * minimum") enforces, read from the schema's own `x-clause` annotations so the mapping cannot drift from
 * the schema: the nearest enclosing schema object whose `x-clause` is a clause id, or maps this keyword
 * to one. A missing required property is blamed on its own `x-clause-if-missing` when it has one.
 * Undefined when no annotation covers the keyword.
 */
export function clauseAt(schemaPath: string, missingProperty?: string): RecordClause | undefined {
  const key = missingProperty === undefined ? schemaPath : `${schemaPath} ${missingProperty}`;
  if (!cache.has(key)) cache.set(key, resolve(schemaPath, missingProperty));
  return cache.get(key);
}

function resolve(schemaPath: string, missingProperty: string | undefined): RecordClause | undefined {
  // The schema has no property names that need ~0/~1 escapes, so plain splitting is exact here.
  const segments = schemaPath.replace(/^#\/?/, '').split('/').filter((s) => s !== '');
  if (missingProperty !== undefined && segments.at(-1) === 'required') {
    const property = nodeAt([...segments.slice(0, -1), 'properties', missingProperty]);
    const ifMissing = isNode(property) ? known(property['x-clause-if-missing']) : undefined;
    if (ifMissing) return ifMissing;
  }
  for (let depth = segments.length - 1; depth >= 0; depth--) {
    const node = nodeAt(segments.slice(0, depth));
    if (!isNode(node)) continue;
    const annotation = node['x-clause'];
    if (typeof annotation === 'string') return known(annotation);
    const keyword = segments[depth];
    if (isNode(annotation) && keyword !== undefined && keyword in annotation) return known(annotation[keyword]);
  }
  return undefined;
}
