/**
 * Clause ids of specs/unit-record.clauses.json, split by who enforces them: the schema checks one
 * record at a time, the tree checks need the whole set of one page's records. Spelled out as literal
 * types so that tables keyed by clause (one invalid arbitrary per clause, ...) are checked for
 * completeness by the compiler; recordClauses.test.ts keeps these lists equal to the catalogue.
 */
export const recordClauseIds = [
  'UR-OBJECT',
  'UR-REQUIRED',
  'UR-SCHEMA-VERSION',
  'UR-KIND',
  'UR-ID',
  'UR-UNIT-KIND',
  'UR-PAGE-KEY',
  'UR-PARENT',
  'UR-ORDER',
  'UR-STATUS',
  'UR-OBJECT-FIELDS',
  'UR-ARRAY-FIELDS',
  'UR-BEHAVIOR',
  'UR-CHILDREN',
  'UR-GAP-REFS',
  'UR-DEPENDENCY-HASHES',
  'UR-HASH',
  'UR-EXTENSIONS',
  'UR-NO-EXTRA',
  'UR-PROVISIONAL-GAPS',
] as const;

export const treeClauseIds = ['UR-TREE-UNIQUE-ID', 'UR-TREE-LINKS', 'UR-TREE-NO-DANGLING', 'UR-TREE-ACYCLIC'] as const;

/** A clause the schema enforces on a single record. */
export type RecordClause = (typeof recordClauseIds)[number];

/** A clause that only a set of records (one page) can break. */
export type TreeClause = (typeof treeClauseIds)[number];

export function isRecordClause(id: string): id is RecordClause {
  return (recordClauseIds as readonly string[]).includes(id);
}
