import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startOriginFarm, type OriginFarm } from '../../../mocks/origin/startOriginFarm.ts';
import { conformInProcess } from '../../testing/conformInProcess.ts';
import { UsageError } from '../UsageError.ts';
import { runFetchServiceMock, type FetchServiceMockFlags } from './mock.ts';

const defaults: FetchServiceMockFlags = { host: '127.0.0.1', port: 0, timeoutMs: 60_000, maxBytes: 1 << 20, maxConcurrency: 10, latency: 0 };

/** Starts the mock as `conform mock fetch-service` would, runs `use` on its banner and URL, then stops it. */
async function withMock(options: Partial<FetchServiceMockFlags>, env: Record<string, string | undefined>, use: (banner: string, url: string) => Promise<void>): Promise<void> {
  let banner = '';
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  let printed!: () => void;
  const shown = new Promise<void>((resolve) => (printed = resolve));
  const print = (text: string): void => {
    banner += text;
    printed();
  };
  const running = runFetchServiceMock({ ...defaults, ...options }, env, print, () => stopped);
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

  test('with $SVC_API_KEY, the banner says where the key comes from and never prints it', async () => {
    await withMock({}, { SVC_API_KEY: 'env-key-0123456789' }, async (banner, url) => {
      expect(banner).not.toContain('env-key-0123456789');
      expect(banner).toContain('key: from $SVC_API_KEY (not shown)');
      expect(banner).toContain(`-H "X-SVC-API-Key: $SVC_API_KEY"`);
      expect((await fetchPage(url, 'env-key-0123456789', 'http://origin.conform.invalid/small')).status).toBe(200);
    });
  });

  test('without $SVC_API_KEY, the banner prints the demo key it takes', async () => {
    await withMock({}, {}, async (banner, url) => {
      const key = /key: (conform-demo-\w+) \(a demo key; set \$SVC_API_KEY to use your own\)/.exec(banner)?.[1];
      expect(key).toBeDefined();
      expect(banner).toContain(`-H 'X-SVC-API-Key: ${key!}'`);
      expect((await fetchPage(url, key!, 'http://origin.conform.invalid/small')).status).toBe(200);
    });
  });

  test('--origin-url: prints the suite command to run against both; no farm there is a usage error', async () => {
    await withMock({ originUrl: farm.httpUrl }, { SVC_API_KEY: 'env-key-0123456789' }, async (banner, url) => {
      expect(banner).toContain(`origin farm: http://origin.conform.invalid (virtual) and ${farm.httpUrl}`);
      expect(banner).toContain(`conform run fetch-service --base-url ${url} --origin-url ${farm.httpUrl} --fetch-timeout 60`);
    });
    const refused = withMock({ originUrl: 'http://127.0.0.1:9' }, {}, async () => undefined);
    await expect(refused).rejects.toThrow(new UsageError('--origin-url http://127.0.0.1:9 is not a running origin farm (GET /__farm/info failed); start one with: conform origin'));
  });

  test('--help says where the key comes from', async () => {
    const help = await conformInProcess(['mock', 'fetch-service', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('The key is $SVC_API_KEY when set (never printed), else a demo key generated at start and printed.');
  });
});
