import { describe, expect, it } from 'vitest';
import type { Outcome } from './validateInputs.ts';
import { ValidationTally } from './ValidationTally.ts';

type RecordOutcome = Extract<Outcome, { kind: 'record' }>;
const place = { source: 'f' };
const valid: RecordOutcome = { kind: 'record', place, errors: [] };
const invalid = (...clauses: string[]): RecordOutcome => ({ kind: 'record', place, errors: clauses.map((clause) => ({ pointer: '', clause: clause as 'UR-ORDER', message: '' })) });

function tally(...outcomes: Outcome[]) {
  const t = new ValidationTally();
  t.add(outcomes);
  return t;
}

describe('ValidationTally', () => {
  it('exits 0 for valid records, 1 for an invalid one, 2 when something could not be read', () => {
    expect(tally(valid, valid).exitCode).toBe(0);
    expect(tally(valid, invalid('UR-ORDER')).exitCode).toBe(1);
    expect(tally(invalid('UR-ORDER'), { kind: 'unreadable', place, reason: 'x' }).exitCode).toBe(2);
  });

  it('counts a labelled record by its agreement: invalid as labelled is fine, a disagreement fails', () => {
    const asLabelled: Outcome = { ...invalid('UR-HASH'), label: { valid: false, rule: 'UR-HASH' }, agrees: true };
    const t = tally(asLabelled, valid);
    expect(t.exitCode).toBe(0);
    expect(t.summaryLine()).toBe('2 record(s): 1 valid, 1 invalid (UR-HASH 1); labels: 1 compared, all agree');
    const lying: Outcome = { ...valid, label: { valid: false }, agrees: false };
    expect(tally(asLabelled, lying).exitCode).toBe(1);
    expect(tally(asLabelled, lying).summaryLine()).toMatch(/; labels: 2 compared, 1 disagree$/);
  });

  it('sums up invalid records per clause, most first, a record counted once per clause', () => {
    const t = tally(invalid('UR-ORDER', 'UR-ORDER'), invalid('UR-HASH', 'UR-ORDER'), invalid('UR-ID'), { kind: 'unreadable', place, reason: 'x' });
    expect(t.summaryLine()).toBe('3 record(s): 0 valid, 3 invalid (UR-ORDER 2, UR-HASH 1, UR-ID 1), 1 unreadable');
    expect(t.toJSON()).toEqual({ records: 3, valid: 0, invalid: 3, unreadable: 1, byClause: { 'UR-ORDER': 2, 'UR-HASH': 1, 'UR-ID': 1 }, compared: 0, disagree: 0, exitCode: 2 });
  });

  it('fails on tree errors and says whether the set forms a tree', () => {
    expect(tally(valid, { kind: 'tree', errors: [] }).summaryLine()).toBe('1 record(s): 1 valid, 0 invalid; the set forms a tree');
    const broken = tally(valid, { kind: 'tree', errors: [{ place, pointer: '/id', clause: 'UR-TREE-UNIQUE-ID', message: '' }] });
    expect(broken.exitCode).toBe(1);
    expect(broken.summaryLine()).toMatch(/; not a tree \(1 error\(s\)\)$/);
  });
});
