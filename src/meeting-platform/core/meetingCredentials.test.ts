import { expect, test } from 'vitest';
import { credentialsFromEnv } from './meetingCredentials.ts';

test('all three, none, or which are missing', () => {
  expect(credentialsFromEnv({ MEETING_CLIENT_ID: 'i', MEETING_CLIENT_SECRET: 's', MEETING_ACCOUNT_ID: 'a' })).toEqual({
    kind: 'complete',
    credentials: { clientId: 'i', clientSecret: 's', accountId: 'a' },
  });
  expect(credentialsFromEnv({})).toEqual({ kind: 'none' });
  expect(credentialsFromEnv({ MEETING_CLIENT_ID: 'i', MEETING_ACCOUNT_ID: '' })).toEqual({ kind: 'partial', missing: ['MEETING_CLIENT_SECRET', 'MEETING_ACCOUNT_ID'] });
});
