import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MockStartError } from '../MockStartError.ts';
import { startOriginFarm, type OriginFarm } from '../origin/startOriginFarm.ts';
import { startFetchServiceMockFromEnv, type StartedFetchServiceMock } from './startFetchServiceMockFromEnv.ts';

const listen = { host: '127.0.0.1', port: 0 };

const fetchPage = (url: string, key: string, page: string) =>
  fetch(`${url}/v1/fetch`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-svc-api-key': key }, body: JSON.stringify({ url: page }) });

async function using(started: Promise<StartedFetchServiceMock>, use: (mock: StartedFetchServiceMock) => Promise<void>): Promise<void> {
  const mock = await started;
  try {
    await use(mock);
  } finally {
    await mock.close();
  }
}

describe('startFetchServiceMockFromEnv', () => {
  let farm: OriginFarm;
  beforeAll(async () => {
    farm = await startOriginFarm();
  });
  afterAll(() => farm?.close());

  test('takes the key in $SVC_API_KEY, and makes up no other', async () => {
    await using(startFetchServiceMockFromEnv(listen, { SVC_API_KEY: 'env-key-0123456789' }), async (mock) => {
      expect(mock.demoKey).toBeUndefined();
      expect((await fetchPage(mock.url, 'env-key-0123456789', 'http://origin.conform.invalid/small')).status).toBe(200);
      expect((await fetchPage(mock.url, 'another-key-0123456', 'http://origin.conform.invalid/small')).status).toBe(401);
    });
  });

  test.each([['not set', {}], ['set empty', { SVC_API_KEY: '' }]])('with $SVC_API_KEY %s, takes a demo key of its own', async (_name, env) => {
    await using(startFetchServiceMockFromEnv(listen, env), async (mock) => {
      expect(mock.demoKey).toMatch(/^conform-demo-[0-9a-f]{24}$/);
      expect((await fetchPage(mock.url, mock.demoKey!, 'http://origin.conform.invalid/small')).status).toBe(200);
    });
  });

  test('answers for the farm at originUrl in memory, never asking it', async () => {
    await using(startFetchServiceMockFromEnv({ ...listen, originUrl: farm.httpUrl }, { SVC_API_KEY: 'env-key-0123456789' }), async (mock) => {
      expect(mock.farm?.httpUrl).toBe(farm.httpUrl);
      expect((await fetchPage(mock.url, 'env-key-0123456789', `${farm.httpUrl}/small?probe=from-env`)).status).toBe(200);
      expect(farm.seen('from-env')).toBe(false);
    });
  });

  test('refuses in one line an originUrl where no farm runs, and a port already taken', async () => {
    await expect(startFetchServiceMockFromEnv({ ...listen, originUrl: 'http://127.0.0.1:9' }, {})).rejects.toThrow(
      new MockStartError('--origin-url http://127.0.0.1:9 is not a running origin farm (GET /__farm/info failed); start one with: conform origin'),
    );
    const port = Number(new URL(farm.httpUrl).port);
    const taken = startFetchServiceMockFromEnv({ ...listen, port }, {});
    await expect(taken).rejects.toBeInstanceOf(MockStartError);
    await expect(taken).rejects.toThrow(`cannot listen on 127.0.0.1:${port}: EADDRINUSE`);
  });
});
