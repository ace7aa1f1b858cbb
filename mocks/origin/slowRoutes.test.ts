import { request } from 'node:http';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { FarmResponse, OriginRequest } from './FarmExchange.ts';
import type { FarmInfo } from '../../src/exchange/farmInfo.ts';
import { originTable } from './originTable.ts';
import { RequestLog } from './RequestLog.ts';
import { defaultDrip, defaultSlowMs } from './slowRoutes.ts';
import { useOriginFarm } from './fixtures/useOriginFarm.ts';

// In memory the farm's timers are vitest's fake ones: when a route answers is read off the fake clock,
// never off the wall clock (which a loaded machine stretches).
const info: FarmInfo = { httpUrl: 'http://farm.test', httpsUrl: 'https://farm.test', expiredTlsUrl: 'https://expired.farm.test', wrongHostTlsUrl: 'https://wrong.farm.test', infoUrl: 'http://farm.test/__farm/info', ca: '' };

/** Asks the farm's table for `target`; `hangUp()` is the client going away. */
function ask(target: string): { answer: Promise<FarmResponse>; settled: () => boolean; hangUp(): void } {
  const gone = new AbortController();
  const url = new URL(target, info.httpUrl);
  const asked: OriginRequest = {
    method: 'GET',
    origin: info.httpUrl,
    path: url.pathname,
    query: url.search.slice(1),
    target,
    headers: {},
    body: '',
    listener: 'http',
    remoteAddress: 'virtual',
    onHangUp: (listener) => gone.signal.addEventListener('abort', listener, { once: true }),
  };
  let done = false;
  const answer = Promise.resolve(originTable(info, new RequestLog()).answer(asked)).then((reply) => {
    done = true;
    if ('raw' in reply) throw new Error('a slow route never breaks its connection');
    return reply;
  });
  return { answer, settled: () => done, hangUp: () => gone.abort() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('slowRoutes', () => {
  test("the defaults outlast the spec's fixed 60 s fetch timeout", () => {
    expect(defaultSlowMs).toBeGreaterThan(60_000);
    expect(defaultDrip.ms * defaultDrip.chunks).toBeGreaterThan(60_000);
  });

  test('/slow/headers?ms=N answers after N ms of the clock, not one before', async () => {
    vi.useFakeTimers();
    const slow = ask('/slow/headers?ms=200');
    await vi.advanceTimersByTimeAsync(199);
    expect(slow.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await slow.answer).toMatchObject({ status: 200, body: Buffer.from('answered after 200 ms\n') });
  });

  test('/slow/drip answers with its headers at once, then one chunk per N ms, then a newline', async () => {
    vi.useFakeTimers();
    const reply = await ask('/slow/drip?ms=40&chunks=3').answer;
    expect(reply).toMatchObject({ status: 200, headers: [['Content-Type', 'text/plain; charset=utf-8']] });
    const chunks = (reply.stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
    for (let i = 0; i < 3; i++) {
      let next: IteratorResult<Buffer> | undefined;
      void chunks.next().then((r) => (next = r));
      await vi.advanceTimersByTimeAsync(39);
      expect(next, `chunk ${i} before its time`).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(next?.value?.toString()).toBe('.');
    }
    expect((await chunks.next()).value?.toString()).toBe('\n');
    expect((await chunks.next()).done).toBe(true);
  });

  test('a client that gives up stops the wait: no answer for it, no timer left behind', async () => {
    vi.useFakeTimers();
    const slow = ask('/slow/headers');
    await vi.advanceTimersByTimeAsync(defaultSlowMs - 1);
    expect(slow.settled()).toBe(false);
    expect(vi.getTimerCount()).toBe(1);
    slow.hangUp();
    await slow.answer;
    expect(vi.getTimerCount()).toBe(0);
  });

  describe('over HTTP', () => {
    const farm = useOriginFarm();

    test('/slow/drip: the headers arrive before the first chunk, which is minutes away', async () => {
      const response = await new Promise<{ status: number | undefined; headers: Record<string, unknown>; bodyBytes: number }>((resolve, reject) => {
        const req = request(`${farm().httpUrl}/slow/drip?ms=600000&chunks=1`, { agent: false }, (res) => {
          let bodyBytes = 0;
          res.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
          resolve({ status: res.statusCode, headers: res.headers, bodyBytes });
          req.destroy();
        });
        req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' ? undefined : reject(err)));
        req.end();
      });
      expect(response).toEqual({ status: 200, headers: expect.objectContaining({ 'transfer-encoding': 'chunked', 'content-type': 'text/plain; charset=utf-8' }), bodyBytes: 0 });
    });

    test('the bodies as sent: the text after the wait, the dots then a newline', async () => {
      expect(await (await fetch(`${farm().httpUrl}/slow/headers?ms=1`)).text()).toBe('answered after 1 ms\n');
      expect(await (await fetch(`${farm().httpUrl}/slow/drip?ms=1&chunks=5`)).text()).toBe('.....\n');
    });
  });
});
