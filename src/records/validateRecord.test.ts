import { describe, expect, it } from 'vitest';
import { exampleRecord } from './exampleRecord.ts';
import { isValidRecord, validateRecord, type RecordError } from './validateRecord.ts';

function withChange(change: (r: Record<string, unknown>) => void): Record<string, unknown> {
  const record: Record<string, unknown> = { ...exampleRecord() };
  change(record);
  return record;
}

function only(errors: readonly RecordError[]): RecordError {
  expect(errors).toHaveLength(1);
  return errors[0]!;
}

describe('validateRecord', () => {
  it('accepts the example record, with and without its optional fields', () => {
    expect(validateRecord(exampleRecord())).toEqual([]);
    expect(isValidRecord(exampleRecord())).toBe(true);
    const bare = withChange((r) => {
      for (const k of ['parentUnitId', 'order', 'hash', 'dependencyHashes', 'extensions']) delete r[k];
    });
    expect(validateRecord(bare)).toEqual([]);
  });

  it('blames UR-OBJECT for anything but an object', () => {
    for (const value of [null, [], [exampleRecord()], 'record', 42, true]) {
      const error = only(validateRecord(value));
      expect(error.clause).toBe('UR-OBJECT');
      expect(error.pointer).toBe('');
      expect(error.message).toMatch(/^a record must be a JSON object, got /);
    }
    expect(isValidRecord(null)).toBe(false);
  });

  it('explains each kind of error with the field, the rule and the value found', () => {
    const cases: Array<[(r: Record<string, unknown>) => void, RecordError]> = [
      [(r) => delete r.children, { pointer: '/children', clause: 'UR-REQUIRED', message: 'missing required property "children"' }],
      [(r) => delete r.behavior, { pointer: '/behavior', clause: 'UR-BEHAVIOR', message: 'missing required property "behavior"' }],
      [(r) => (r.schemaVersion = '0083.2'), { pointer: '/schemaVersion', clause: 'UR-SCHEMA-VERSION', message: 'schemaVersion must be "0083.1", got "0083.2"' }],
      [(r) => (r.unitKind = 'page'), { pointer: '/unitKind', clause: 'UR-UNIT-KIND', message: 'unitKind must be one of "section", "component", got "page"' }],
      [(r) => (r.id = ''), { pointer: '/id', clause: 'UR-ID', message: 'id must be at least 1 character(s) long, got an empty string' }],
      [(r) => (r.parentUnitId = 7), { pointer: '/parentUnitId', clause: 'UR-PARENT', message: 'parentUnitId must be a string or null, got number 7' }],
      [(r) => (r.order = 0), { pointer: '/order', clause: 'UR-ORDER', message: 'order must be at least 1, got number 0' }],
      [(r) => (r.order = 1.5), { pointer: '/order', clause: 'UR-ORDER', message: 'order must be an integer, got number 1.5' }],
      [(r) => (r.layout = []), { pointer: '/layout', clause: 'UR-OBJECT-FIELDS', message: 'layout must be an object, got an empty array' }],
      [(r) => (r.assets = {}), { pointer: '/assets', clause: 'UR-ARRAY-FIELDS', message: 'assets must be an array, got an object' }],
      [(r) => (r.children = ['a', 3]), { pointer: '/children/1', clause: 'UR-CHILDREN', message: 'children[1] must be a string, got number 3' }],
      [(r) => (r.gapRefs = ['g', 'h', 'g']), { pointer: '/gapRefs', clause: 'UR-GAP-REFS', message: 'gapRefs has a duplicate item: "g" at positions 0 and 2' }],
      [(r) => (r.hash = 'a'.repeat(63)), { pointer: '/hash', clause: 'UR-HASH', message: 'hash must be 64 lowercase hex characters, got 63 characters' }],
      [(r) => (r.hash = 'ab' + 'C' + 'a'.repeat(61)), { pointer: '/hash', clause: 'UR-HASH', message: 'hash must be 64 lowercase hex characters, got "C" at position 3' }],
      [(r) => (r.extensions = 'x'), { pointer: '/extensions', clause: 'UR-EXTENSIONS', message: 'extensions must be an object, got "x"' }],
      [(r) => (r.foo = 1), { pointer: '/foo', clause: 'UR-NO-EXTRA', message: 'unknown property "foo" (only extensions may hold extra properties)' }],
      [
        (r) => Object.assign(r, { status: 'provisional', gapRefs: [] }),
        { pointer: '/gapRefs', clause: 'UR-PROVISIONAL-GAPS', message: 'status is provisional but gapRefs is empty' },
      ],
    ];
    for (const [change, expected] of cases) {
      expect(only(validateRecord(withChange(change)))).toEqual(expected);
    }
  });

  it('says a constant or enum field is wrong once, not once per keyword', () => {
    expect(validateRecord(withChange((r) => (r.kind = 3)))).toEqual([
      { pointer: '/kind', clause: 'UR-KIND', message: 'kind must be "unit", got number 3' },
    ]);
    expect(validateRecord(withChange((r) => (r.status = null)))).toEqual([
      { pointer: '/status', clause: 'UR-STATUS', message: 'status must be one of "accepted", "provisional", got null' },
    ]);
  });

  it('escapes unknown property names in the pointer', () => {
    expect(only(validateRecord(withChange((r) => (r['a/b~c'] = 1)))).pointer).toBe('/a~1b~0c');
  });

  it('reports every error of a record at once', () => {
    const errors = validateRecord(withChange((r) => Object.assign(r, { kind: 'page', order: -1, foo: true })));
    expect(errors.map((e) => e.clause).sort()).toEqual(['UR-KIND', 'UR-NO-EXTRA', 'UR-ORDER']);
  });

  it('takes any JSON value as behavior and anything inside extensions', () => {
    for (const behavior of [null, 0, 'click', false, [], [1, 'a'], { deep: { er: [null] } }]) {
      expect(validateRecord(withChange((r) => (r.behavior = behavior)))).toEqual([]);
    }
    const extensions = { id: '', hash: 'NOT HEX', nested: { anything: [1, { goes: null }] } };
    expect(validateRecord(withChange((r) => (r.extensions = extensions)))).toEqual([]);
  });
});
