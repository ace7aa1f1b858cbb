import { describe, expect, test } from 'vitest';
import { requestToken } from '../../src/meeting-platform/platformRequests.ts';
import { MockStartError } from '../MockStartError.ts';
import { demoAccount } from './demoAccount.ts';
import { startMeetingPlatformFromEnv, type StartedMeetingPlatform } from './startMeetingPlatformFromEnv.ts';
import { defaultLimits } from '../../src/exchange/exchangeLimits.ts';

const listen = { host: '127.0.0.1', port: 0 };
const envAccount = { MEETING_CLIENT_ID: 'env-client-id', MEETING_CLIENT_SECRET: 'env-secret', MEETING_ACCOUNT_ID: 'env-account' };

async function using(started: Promise<StartedMeetingPlatform>, use: (mock: StartedMeetingPlatform) => Promise<void>): Promise<void> {
  const mock = await started;
  try {
    await use(mock);
  } finally {
    await mock.close();
  }
}

async function meWith(tokenFrom: StartedMeetingPlatform, askedOf: StartedMeetingPlatform): Promise<number> {
  const token = await requestToken({ authUrl: tokenFrom.url, credentials: tokenFrom.account, limits: defaultLimits });
  const accessToken = (token.json as { access_token: string }).access_token;
  return (await fetch(`${askedOf.url}/v2/users/me`, { headers: { authorization: `Bearer ${accessToken}` } })).status;
}

describe('startMeetingPlatformFromEnv', () => {
  test('serves the demo account when the environment names none', async () => {
    await using(startMeetingPlatformFromEnv(listen, {}), async (mock) => {
      expect(mock).toMatchObject({ account: demoAccount, accountFromEnv: false });
      expect(mock.secretFrom).toBeUndefined();
      expect(await meWith(mock, mock)).toBe(200);
    });
  });

  test("serves the environment's account, and only it", async () => {
    await using(startMeetingPlatformFromEnv(listen, envAccount), async (mock) => {
      expect(mock).toMatchObject({ account: { clientId: 'env-client-id', clientSecret: 'env-secret', accountId: 'env-account' }, accountFromEnv: true });
      expect((await requestToken({ authUrl: mock.url, credentials: demoAccount, limits: defaultLimits })).status).not.toBe(200);
      expect(await meWith(mock, mock)).toBe(200);
    });
  });

  test('signs with the secret given, else $CONFORM_MOCK_SECRET: two mocks with one secret take each other\'s tokens', async () => {
    const secret = 'shared-signing-secret';
    const given = await startMeetingPlatformFromEnv({ ...listen, secret }, { CONFORM_MOCK_SECRET: 'not-this-one' });
    const fromEnv = await startMeetingPlatformFromEnv(listen, { CONFORM_MOCK_SECRET: secret });
    const random = await startMeetingPlatformFromEnv(listen, { CONFORM_MOCK_SECRET: '' });
    try {
      expect([given.secretFrom, fromEnv.secretFrom, random.secretFrom]).toEqual(['given', 'env', undefined]);
      expect(await meWith(given, fromEnv)).toBe(200);
      expect(await meWith(given, random)).toBe(401);
    } finally {
      await Promise.all([given, fromEnv, random].map((m) => m.close()));
    }
  });

  test('refuses in one line credentials half set, and a port already taken', async () => {
    await expect(startMeetingPlatformFromEnv(listen, { MEETING_CLIENT_ID: 'only-this' })).rejects.toThrow(
      new MockStartError('set all of $MEETING_CLIENT_ID, $MEETING_CLIENT_SECRET, $MEETING_ACCOUNT_ID or none (missing MEETING_CLIENT_SECRET, MEETING_ACCOUNT_ID)'),
    );
    await using(startMeetingPlatformFromEnv(listen, {}), async (first) => {
      const port = Number(new URL(first.url).port);
      const taken = startMeetingPlatformFromEnv({ ...listen, port }, {});
      await expect(taken).rejects.toBeInstanceOf(MockStartError);
      await expect(taken).rejects.toThrow(`cannot listen on 127.0.0.1:${port}: EADDRINUSE`);
    });
  });
});
