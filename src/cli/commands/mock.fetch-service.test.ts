import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startOriginFarm, type OriginFarm } from '../../../mocks/origin/startOriginFarm.ts';
import { mockServices, runMock, type MockOptions } from './mock.ts';

const service = mockServices['fetch-service']!;
const defaults: MockOptions = { host: '127.0.0.1', port: 0, timeoutMs: 60_000, maxBytes: 1 << 20, maxConcurrency: 10, latency: 0 };

/** Starts the mock as `conform mock fetch-service` would, runs `use` on its banner and URL, then stops it. */
async function withMock(options: Partial<MockOptions>, env: Record<string, string | undefined>, use: (banner: string, url: string) => Promise<void>): Promise<void> {
  let banner = '';
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  let printed!: () => void;
  const shown = new Promise<void>((resolve) => (printed = resolve));
  const print = (text: string): void => {
    banner += text;
    printed();
  };
  const running = runMock(service, { ...defaults, ...options }, env, print, () => stopped);
  // A mock that cannot start rejects before it prints anything.
  await Promise.race([running, shown]);
  try {
    await use(banner, /listening on (\S+)/.exec(banner)![1]!);
  } finally {
    stop();
    await running;
  }
}

const fetchPage = (url: string, key: string, page: string) =>
  fetch(`${url}/v1/fetch`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-svc-api-key': key }, body: JSON.stringify({ url: page }) });

describe('conform mock fetch-service', () => {
  let farm: OriginFarm;
  beforeAll(async () => {
    farm = await startOriginFarm();
  });
  afterAll(() => farm?.close());

  test('takes its key from $SVC_API_KEY and never prints it', async () => {
    await withMock({}, { SVC_API_KEY: 'env-key-0123456789' }, async (banner, url) => {
      expect(banner).not.toContain('env-key-0123456789');
      expect(banner).toContain('from $SVC_API_KEY');
      expect((await fetchPage(url, 'env-key-0123456789', 'http://origin.conform.invalid/small')).status).toBe(200);
    });
  });

  test('without $SVC_API_KEY, generates a demo key and prints it', async () => {
    await withMock({}, {}, async (banner, url) => {
      const key = /key: (conform-demo-\w+)/.exec(banner)?.[1];
      expect(key).toBeDefined();
      expect((await fetchPage(url, key!, 'http://origin.conform.invalid/small')).status).toBe(200);
    });
  });

  test('--origin-url: answers for that farm too, and prints the suite command to run against both', async () => {
    await withMock({ originUrl: farm.httpUrl }, { SVC_API_KEY: 'env-key-0123456789' }, async (banner, url) => {
      expect(banner).toContain(`conform run fetch-service --base-url ${url} --origin-url ${farm.httpUrl}`);
      expect((await fetchPage(url, 'env-key-0123456789', `${farm.httpUrl}/small?probe=cli`)).status).toBe(200);
      expect(farm.seen('cli')).toBe(false);
    });
    await expect(withMock({ originUrl: 'http://127.0.0.1:9' }, {}, async () => undefined)).rejects.toThrow(/not a running origin farm/);
  });

  test('--help says where the key comes from', () => {
    expect(service.help({})).toContain('$SVC_API_KEY');
  });
});
