import { describe, expect, test } from 'vitest';
import { formatSuppressions, hasReason, isDate, parseSuppressions, placeholderReason, type SuppressionEntry } from './SuppressionEntry.ts';

const entry: SuppressionEntry = {
  suite: 'fetch-service',
  target: 'fetch service at http://127.0.0.1:<port>',
  clause: 'FS-504',
  check: 'a fetch outlasting the <duration> timeout gets 504',
  cause: 'got 502; expected 504',
  fingerprint: '0123456789abcdef',
  reason: 'the vendor gateway answers 502; ticket OPS-12',
  until: '2031-12-31',
};
const file = (suppressions: unknown, extra: Record<string, unknown> = {}) => JSON.stringify({ version: 1, suppressions, ...extra });

describe('parseSuppressions', () => {
  test('reads back what formatSuppressions writes, entries sorted, until last and only when given', () => {
    const other: SuppressionEntry = { ...entry, clause: 'FS-429', fingerprint: 'fedcba9876543210', reason: placeholderReason };
    delete other.until;
    const text = formatSuppressions([entry, other]);
    expect(parseSuppressions(text)).toEqual([other, entry]);
    expect(JSON.parse(text).suppressions[0]).not.toHaveProperty('until');
    expect(Object.keys(JSON.parse(text).suppressions[1])).toEqual(['suite', 'target', 'clause', 'check', 'cause', 'fingerprint', 'reason', 'until']);
    expect(text.endsWith('}\n')).toBe(true);
  });

  test('an empty reason is read (a warning on every run, not a refusal); so are an empty target and cause, which a run can write', () => {
    expect(parseSuppressions(file([{ ...entry, reason: '' }]))[0]!.reason).toBe('');
    expect(parseSuppressions(file([{ ...entry, target: '', cause: '' }]))[0]).toMatchObject({ target: '', cause: '' });
  });

  test.each<[string, string, string]>([
    ['not JSON', '{"version": 1,', 'is not JSON ('],
    ['a list', '[]', 'is not a suppressions file: expected {"version": 1, "suppressions": [...]}'],
    ['another version', file([], { version: 2 }), 'has version 2; this conform reads version 1'],
    ['no list', JSON.stringify({ version: 1 }), 'has no "suppressions" list'],
    ['an unknown top-level field', file([], { entries: [] }), 'has an unknown field "entries"'],
    ['an entry that is no object', file(['FS-504']), 'entry 1 is not an object'],
    ['a misspelt field', file([{ ...entry, untill: '2031-01-01' }]), 'entry 1 has an unknown field "untill" (fields: suite, target, clause, check, cause, fingerprint, reason, until)'],
    ['a missing reason', file([{ ...entry, reason: undefined }]), 'entry 1 has no "reason"'],
    ['a field of the wrong type', file([{ ...entry, clause: 504 }]), 'entry 1: "clause" must be a string, got 504'],
    ['an empty clause', file([{ ...entry, clause: '' }]), 'entry 1: "clause" is empty'],
    ['an unknown suite', file([{ ...entry, suite: 'fetch' }]), 'entry 1: "suite" must be one of fetch-service, meeting-platform, unit-record, got "fetch"'],
    ['a fingerprint no run writes', file([{ ...entry, fingerprint: 'abc' }]), 'entry 1: "fingerprint" must be 16 hex digits as conform run --suppress writes them, got "abc"'],
    ['a date that is none', file([{ ...entry, until: '2031-02-30' }]), 'entry 1: "until" must be a date YYYY-MM-DD, got "2031-02-30"'],
    ['a date of another form', file([{ ...entry, until: '31/12/2031' }]), 'entry 1: "until" must be a date YYYY-MM-DD, got "31/12/2031"'],
    ['until as a number', file([{ ...entry, until: 20311231 }]), 'entry 1: "until" must be a date YYYY-MM-DD, got 20311231'],
    ['two entries with one key', file([entry, { ...entry, reason: 'again' }]), 'entry 2 repeats entry 1 (the same suite, target, clause and fingerprint)'],
  ])('refuses %s in one line', (_, text, message) => {
    let error: Error | undefined;
    try {
      parseSuppressions(text);
    } catch (err) {
      error = err as Error;
    }
    expect(error?.name).toBe('SuppressionsError');
    expect(error!.message.startsWith(message), error!.message).toBe(true);
    expect(error!.message).not.toContain('\n');
  });
});

test('hasReason: empty and TODO reasons are not written yet', () => {
  expect([placeholderReason, '', '  ', 'todo: later', 'the vendor answers 502'].map((reason) => hasReason({ reason }))).toEqual([false, false, false, false, true]);
});

test('isDate: calendar dates only', () => {
  expect(['2024-02-29', '2025-02-29', '2025-13-01', '2025-1-01', '2025-12-31'].map(isDate)).toEqual([true, false, false, false, true]);
});
