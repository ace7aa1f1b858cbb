// Every command's numeric flags refuse a bad value before anything starts, with exit 2 and the one
// sentence the rule gives (src/harness/options/numberRules.ts): the same value, the same words, in every command.
import { describe, expect, test } from 'vitest';
import { conformInProcess } from '../testing/conformInProcess.ts';

const seedRefusal = (got: string) => `conform: --seed takes a whole number from 0 to 4294967295; got "${got}"\n`;

describe('numeric flags, one rule each across every command', () => {
  test.each([
    ['run', ['run', 'unit-record']],
    ['records generate', ['records', 'generate', '--count', '3']],
  ])('%s: a seed below 0, past 32 bits or not whole is refused the same way', async (_name, command) => {
    for (const seed of ['-3', '4294967296', '99999999999999999999', '7.5', 'x']) {
      const r = await conformInProcess([...command, '--seed', seed]);
      expect(r.status, seed).toBe(2);
      expect(r.stderr, seed).toBe(seedRefusal(seed));
      expect(r.stdout, seed).toBe('');
    }
  });

  test.each([
    [['run', 'unit-record', '--fuzz-runs', '-1'], '--fuzz-runs takes a whole number of 0 or more; got "-1"'],
    [['run', 'unit-record', '--rate-limit', 'fast'], '--rate-limit takes a number of 0 or more; got "fast"'],
    [['run', 'unit-record', '--headers-timeout', '0'], '--headers-timeout takes a number above 0; got "0"'],
    [['run', 'unit-record', '--body-timeout', '-1'], '--body-timeout takes a number above 0; got "-1"'],
    [['run', 'unit-record', '--max-body-mib', ''], '--max-body-mib takes a number above 0; got ""'],
    [['run', 'fetch-service', '--fetch-timeout', 'soon'], '--fetch-timeout takes a number above 0; got "soon"'],
    [['records', 'generate', '--count', '0'], '--count takes a whole number of 1 or more; got "0"'],
    [['records', 'generate', '--count', '3', '--invalid-ratio', '2'], '--invalid-ratio takes a number from 0 to 1; got "2"'],
    [['records', 'validate', '--workers', '65', '-'], '--workers takes a whole number from 0 to 64; got "65"'],
    [['mock', 'meeting-platform', '--port', '70000'], '--port takes a whole number from 0 to 65535; got "70000"'],
    [['mock', 'meeting-platform', '--latency', '-5'], '--latency takes a number of 0 or more; got "-5"'],
    [['mock', 'meeting-platform', '--error-rate', '1.5'], '--error-rate takes a number from 0 to 1; got "1.5"'],
    [['mock', 'meeting-platform', '--rate-limit', '-1'], '--rate-limit takes a number of 0 or more; got "-1"'],
    [['mock', 'fetch-service', '--port', '-1'], '--port takes a whole number from 0 to 65535; got "-1"'],
    [['mock', 'fetch-service', '--timeout-ms', '0'], '--timeout-ms takes a whole number of 1 or more; got "0"'],
    [['mock', 'fetch-service', '--max-bytes', '1.5'], '--max-bytes takes a whole number of 1 or more; got "1.5"'],
    [['mock', 'fetch-service', '--max-concurrency', 'lots'], '--max-concurrency takes a whole number of 1 or more; got "lots"'],
    [['origin', '--tls-port', '65536'], '--tls-port takes a whole number from 0 to 65535; got "65536"'],
    [['serve', 'fetch-service', '--port', '99999999999999999999'], '--port takes a whole number from 0 to 65535; got "99999999999999999999"'],
    [['serve', 'fetch-service', '--max-bytes', '0'], '--max-bytes takes a whole number of 1 or more; got "0"'],
    [['check', 'meeting-platform', '--page-size', '0'], '--page-size takes a whole number of 1 or more; got "0"'],
  ])('%j: exit 2, one line', async (args, line) => {
    const r = await conformInProcess(args);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`conform: ${line}\n`);
  });

  test('serve --timeout-ms says why 60 s is the most', async () => {
    const r = await conformInProcess(['serve', 'fetch-service', '--timeout-ms', '60001']);
    expect(r.stderr).toBe('conform: --timeout-ms takes a whole number from 1 to 60000 (the seed fixes the fetch timeout at 60 s; only lower values are allowed); got "60001"\n');
  });
});
