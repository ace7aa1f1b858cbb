import { describe, expect, test } from 'vitest';
import { MockStartError } from '../MockStartError.ts';
import { demoAccount } from './demoAccount.ts';
import { mockAccountFromEnv } from './mockAccountFromEnv.ts';

describe('mockAccountFromEnv', () => {
  test("the environment's account when all three variables are set, the demo account when none (or only empty ones) is", () => {
    expect(mockAccountFromEnv({ MEETING_CLIENT_ID: 'id', MEETING_CLIENT_SECRET: 'secret', MEETING_ACCOUNT_ID: 'account' })).toEqual({
      account: { clientId: 'id', clientSecret: 'secret', accountId: 'account' },
      fromEnv: true,
    });
    for (const env of [{}, { MEETING_CLIENT_ID: '', MEETING_CLIENT_SECRET: '', MEETING_ACCOUNT_ID: '' }]) {
      expect(mockAccountFromEnv(env)).toEqual({ account: demoAccount, fromEnv: false });
    }
  });

  test('some set and some not is refused, naming the missing ones', () => {
    expect(() => mockAccountFromEnv({ MEETING_ACCOUNT_ID: 'account' })).toThrow(
      new MockStartError('set all of $MEETING_CLIENT_ID, $MEETING_CLIENT_SECRET, $MEETING_ACCOUNT_ID or none (missing MEETING_CLIENT_ID, MEETING_CLIENT_SECRET)'),
    );
  });
});
