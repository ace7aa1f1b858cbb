import { describe, expect, test } from 'vitest';
import { checkTree } from '../../records/checkTree.ts';
import { validateRecord } from '../../records/validateRecord.ts';
import { validRecordText, validSetText, whyValidatorCannotRun } from './whyValidatorCannotRun.ts';

describe('whyValidatorCannotRun: a validator is run once on a valid case before any check', () => {
  test('the cases are valid by the reference', () => {
    expect(validateRecord(JSON.parse(validRecordText))).toEqual([]);
    const set = JSON.parse(validSetText) as unknown[];
    expect(set.flatMap((r) => validateRecord(r))).toEqual([]);
    expect(checkTree(set)).toEqual([]);
  });

  test('any verdict, right or wrong, is a validator that runs', async () => {
    expect(await whyValidatorCannotRun({ validator: 'true' })).toBeUndefined();
    expect(await whyValidatorCannotRun({ validator: 'exit 1 #' })).toBeUndefined();
    // The command gets the file's path: a validator reading it sees the valid record.
    expect(await whyValidatorCannotRun({ validatorSet: 'grep -q \'"parentUnitId": null\'' })).toBeUndefined();
  });

  test('a command that breaks is named with how, and its own first line', async () => {
    expect(await whyValidatorCannotRun({ validator: 'echo "boom: no config" >&2; exit 3 #' })).toBe('--validator "echo "boom: no config" >&2; exit 3 #" cannot run: it exited 3 on a valid record: boom: no config');
    expect(await whyValidatorCannotRun({ validatorSet: 'kill -SEGV $$ #' })).toBe('--validator-set "kill -SEGV $$ #" cannot run: it was killed by SIGSEGV on a valid set');
  });
});
