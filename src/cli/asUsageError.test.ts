import { describe, expect, test } from 'vitest';
import { RunError } from '../verdict/RunError.ts';
import { asUsageError } from './asUsageError.ts';
import { UsageError } from './UsageError.ts';

describe('asUsageError', () => {
  test("a refusal of a kind given becomes a usage error with its message (exit 2); any other error is left as it is", async () => {
    const refused = Promise.reject(new RunError('cannot read x.json: ENOENT')).catch(asUsageError(RunError));
    await expect(refused).rejects.toEqual(new UsageError('cannot read x.json: ENOENT'));
    await expect(refused).rejects.toHaveProperty('exitCode', 2);
    const bug = new TypeError('x is undefined');
    await expect(Promise.reject(bug).catch(asUsageError(RunError))).rejects.toBe(bug);
  });
});
