import { describe, expect, test } from 'vitest';
import { parseHttpUrl, parseInteger, parsePort, parsePositiveNumber } from './parseOptions.ts';
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
});
