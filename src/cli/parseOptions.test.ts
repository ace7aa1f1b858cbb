import { describe, expect, test } from 'vitest';
import { parseHttpUrl, parseInteger, parseNonNegativeInteger, parseNonNegativeNumber, parsePort, parsePositiveNumber } from './parseOptions.ts';
import { UsageError } from './UsageError.ts';

describe('option parsers', () => {
  test('http URLs are normalised without a trailing slash', () => {
    expect(parseHttpUrl('http://127.0.0.1:4010/')).toBe('http://127.0.0.1:4010');
  });
  test.each(['not a url', 'ftp://x', 'http://user:pw@host'])('refuses %s with a usage error', (value) => {
    expect(() => parseHttpUrl(value)).toThrow(UsageError);
  });
  test('integers and numbers', () => {
    expect(parseInteger('42')).toBe(42);
    expect(() => parseInteger('4.2')).toThrow(UsageError);
    expect(() => parseInteger('')).toThrow(UsageError);
    expect(parsePositiveNumber('0.5')).toBe(0.5);
    expect(() => parsePositiveNumber('0')).toThrow(UsageError);
    expect(() => parsePort('70000')).toThrow(/out of range/);
  });
  test('--fuzz-runs and --rate-limit take 0 (off, no limit) and more', () => {
    expect(parseNonNegativeInteger('0')).toBe(0);
    expect(parseNonNegativeInteger('200')).toBe(200);
    expect(() => parseNonNegativeInteger('-1')).toThrow(/0 or more/);
    expect(() => parseNonNegativeInteger('1.5')).toThrow(UsageError);
    expect(parseNonNegativeNumber('0.5')).toBe(0.5);
    expect(() => parseNonNegativeNumber('fast')).toThrow(UsageError);
  });
});
