import { request } from 'node:http';
import { describe, expect, test } from 'vitest';
import { defaultDrip, defaultSlowMs } from './slowRoutes.ts';
import { getRaw } from './testing/getRaw.ts';
import { useOriginFarm } from './testing/useOriginFarm.ts';

/** Milliseconds until the status line arrived and until the body ended. */
function timeResponse(url: string): Promise<{ headersMs: number; endMs: number; body: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request(url, { agent: false }, (res) => {
      const headersMs = performance.now() - started;
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ headersMs, endMs: performance.now() - started, body }));
    })
      .on('error', reject)
      .end();
  });
}

describe('slowRoutes', () => {
  const farm = useOriginFarm();

  test('the defaults outlast the spec\'s fixed 60 s fetch timeout', () => {
    expect(defaultSlowMs).toBeGreaterThan(60_000);
    expect(defaultDrip.ms * defaultDrip.chunks).toBeGreaterThan(60_000);
  });

  test('/slow/headers?ms=N sends nothing for N ms', async () => {
    const t = await timeResponse(`${farm().httpUrl}/slow/headers?ms=200`);
    expect(t.headersMs).toBeGreaterThanOrEqual(190);
    expect(t.body).toBe('answered after 200 ms\n');
  });

  test('/slow/drip sends headers at once, then one chunk every N ms', async () => {
    const t = await timeResponse(`${farm().httpUrl}/slow/drip?ms=40&chunks=5`);
    expect(t.headersMs).toBeLessThan(40);
    expect(t.endMs).toBeGreaterThanOrEqual(5 * 40 - 10);
    expect(t.body).toBe('.....\n');
  });

  test('/slow/headers with no ms is still silent when a client gives up', async () => {
    const client = getRaw(`${farm().httpUrl}/slow/headers`);
    const outcome = await Promise.race([client, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 100))]);
    expect(outcome).toBe('still waiting');
  });
});
