import { Command } from 'commander';
import { describe, expect, test } from 'vitest';
import { numberRules } from '../harness/options/numberRules.ts';
import { numberOption, parseHttpUrl, parseShard } from './parseOptions.ts';
import { UsageError } from './UsageError.ts';

describe('option parsers', () => {
  test('http URLs are normalised without a trailing slash', () => {
    expect(parseHttpUrl('http://127.0.0.1:4010/')).toBe('http://127.0.0.1:4010');
  });
  test.each(['not a url', 'ftp://x', 'http://user:pw@host'])('refuses %s with a usage error', (value) => {
    expect(() => parseHttpUrl(value)).toThrow(UsageError);
  });

  test('a number flag is read by its rule and refused as a usage error naming the flag', async () => {
    const program = new Command().exitOverride().addOption(numberOption('--seed <n>', 'seed', numberRules.seed));
    expect(program.parse(['--seed', '42'], { from: 'user' }).opts().seed).toBe(42);
    expect(() => new Command().exitOverride().addOption(numberOption('--seed <n>', 'seed', numberRules.seed)).parse(['--seed', '-3'], { from: 'user' })).toThrow(
      new UsageError('--seed takes a whole number from 0 to 4294967295; got "-3"'),
    );
  });

  test('--shard I/N', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    expect(() => parseShard('4/3')).toThrow(UsageError);
  });
});
