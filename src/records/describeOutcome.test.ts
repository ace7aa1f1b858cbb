import { describe, expect, it } from 'vitest';
import { describeOutcome, outcomeJson } from './describeOutcome.ts';
import type { Outcome } from './validateInputs.ts';

const order = { pointer: '/order', clause: 'UR-ORDER', message: 'order must be at least 1, got number 0' } as const;

describe('describeOutcome', () => {
  it('prints an unlabelled invalid record as a line per error, and nothing for a valid one', () => {
    const place = { source: 'in.ndjson', line: 3 };
    expect(describeOutcome({ kind: 'record', place, errors: [order, { ...order, pointer: '' }] })).toEqual([
      'in.ndjson:3: /order [UR-ORDER] order must be at least 1, got number 0',
      'in.ndjson:3: (root) [UR-ORDER] order must be at least 1, got number 0',
    ]);
    expect(describeOutcome({ kind: 'record', place, errors: [] })).toEqual([]);
  });

  it('prints a disagreement with its label on one line, with the id, the label and what was found', () => {
    const place = { source: 'set.json', index: 4, line: 20 };
    const cases: Array<[Partial<Extract<Outcome, { kind: 'record' }>>, string]> = [
      [{ errors: [order], label: { valid: true } }, 'set.json[4] (id "u1"): labelled valid, but it breaks [UR-ORDER] /order order must be at least 1, got number 0'],
      [{ errors: [], label: { valid: false, rule: 'UR-HASH' } }, 'set.json[4] (id "u1"): labelled invalid [UR-HASH], but it is valid'],
      [{ errors: [order], label: { valid: false, rule: 'UR-HASH' } }, 'set.json[4] (id "u1"): labelled invalid [UR-HASH], but instead it breaks [UR-ORDER] /order order must be at least 1, got number 0'],
      [{ errors: [] }, 'set.json[4] (id "u1"): has no label to compare with (a manifest entry or a line\'s "valid")'],
    ];
    for (const [outcome, line] of cases) expect(describeOutcome({ kind: 'record', place, id: 'u1', agrees: false, ...outcome } as Outcome)).toEqual([line]);
    expect(describeOutcome({ kind: 'record', place, errors: [order], label: { valid: false, rule: 'UR-ORDER' }, agrees: true })).toEqual([]);
  });

  it('prints a place that could not be read with its reason, and tree errors at their records', () => {
    expect(describeOutcome({ kind: 'unreadable', place: { source: '<stdin>', line: 7 }, reason: 'is not JSON: oops' })).toEqual(['<stdin>:7 is not JSON: oops']);
    const tree: Outcome = { kind: 'tree', errors: [{ place: { source: 'a.json' }, pointer: '/id', clause: 'UR-TREE-UNIQUE-ID', message: 'id "x" is also the id of b.json' }] };
    expect(describeOutcome(tree)).toEqual(['a.json: /id [UR-TREE-UNIQUE-ID] id "x" is also the id of b.json']);
  });
});

describe('outcomeJson', () => {
  it('gives the file, the place within it, and the verdict or the reason', () => {
    expect(outcomeJson({ kind: 'record', place: { source: 'f', line: 2 }, id: 'u', errors: [order], label: { valid: true }, agrees: false })).toEqual({
      file: 'f',
      line: 2,
      id: 'u',
      valid: false,
      errors: [order],
      label: { valid: true },
      agrees: false,
    });
    expect(outcomeJson({ kind: 'unreadable', place: { source: 'f', index: 0, line: 1 }, reason: 'is empty' })).toEqual({ file: 'f', index: 0, line: 1, unreadable: 'is empty' });
    const tree: Outcome = { kind: 'tree', errors: [{ place: { source: 'f', line: 3 }, pointer: '/id', clause: 'UR-TREE-UNIQUE-ID', message: 'm' }] };
    expect(outcomeJson(tree)).toEqual({ valid: false, errors: [{ file: 'f', line: 3, pointer: '/id', clause: 'UR-TREE-UNIQUE-ID', message: 'm' }] });
  });
});
