import { Readable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { answerServiceRequest, type FetchServiceParts, type ServiceRequest } from './answerServiceRequest.ts';
import { BufferBudget } from './BufferBudget.ts';
import { ConcurrencyLimiter } from './ConcurrencyLimiter.ts';
import { FETCH_SERVICE_DEFAULTS } from './FETCH_SERVICE_DEFAULTS.ts';
import type { OriginClient } from './OriginClient.ts';
import { callerGone, requestTooLarge } from './ServiceError.ts';

const KEY = 'key-0123456789';

interface Sent {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** A request as a server hands it over; the body refused past maxBytes as the reference's reader does. */
function requestOf({ method = 'POST', path = '/v1/fetch', headers = {}, body = '{"url":"http://o.test/page"}' }: Sent): ServiceRequest {
  const all: Record<string, string> = { 'x-svc-api-key': KEY, 'content-type': 'application/json', ...headers };
  return {
    method,
    path,
    header: (name) => all[name],
    text: async (maxBytes) => {
      if (Buffer.byteLength(body) > maxBytes) throw requestTooLarge(maxBytes);
      return body;
    },
  };
}

/** An origin with one page, `page`; `hold` keeps every fetch waiting until its signal ends it. */
const origin = (hold = false): OriginClient => ({
  async request(url, { signal }) {
    if (hold) await new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('hung up')), { once: true }));
    if (url.pathname !== '/page') throw new Error('no such page');
    return { statusCode: 203, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: Readable.from([Buffer.from('hello')]) };
  },
});

function serviceWith(overrides: Partial<FetchServiceParts> = {}, limits: Partial<typeof FETCH_SERVICE_DEFAULTS> = {}): FetchServiceParts {
  return {
    limits: { ...FETCH_SERVICE_DEFAULTS, ...limits },
    identify: (presented) => (presented === KEY ? 1 : 0),
    limiter: new ConcurrencyLimiter(1),
    budget: new BufferBudget(1e9),
    origins: origin(),
    ...overrides,
  };
}

const answer = (sent: Sent, service: FetchServiceParts, lifetime = new AbortController()) => answerServiceRequest(requestOf(sent), service, lifetime);

describe('the pipeline', () => {
  test('a request that breaks every rule is refused by the first in order, and each refusal lifted shows the next', async () => {
    const limiter = new ConcurrencyLimiter(1);
    const busy = limiter.tryAcquire(1)!;
    let stopping = true;
    const service = serviceWith({ limiter, stopping: () => stopping, forcedStatus: (r) => (r.header('prefer') === 'code=418' ? 418 : undefined) });
    const sent: Sent = { method: 'GET', path: '/v2/fetch', headers: { 'x-svc-api-key': 'not-issued', prefer: 'code=418', 'content-type': 'text/plain' }, body: '{"url":' };
    const steps: Array<[number, () => void]> = [
      [404, () => (sent.path = '/v1/fetch')],
      [405, () => (sent.method = 'POST')],
      [503, () => (stopping = false)],
      [401, () => (sent.headers!['x-svc-api-key'] = KEY)],
      [418, () => delete sent.headers!.prefer],
      [415, () => (sent.headers!['content-type'] = 'application/json; charset=utf-8')],
      [400, () => (sent.body = '{"url":"http://o.test/page"}')],
      [429, () => busy()],
      [200, () => undefined],
    ];
    const seen: number[] = [];
    for (const [, lift] of steps) {
      seen.push((await answer(sent, service)).status);
      lift();
    }
    expect(seen).toEqual(steps.map(([status]) => status));
  });

  test('the result: the fetched page under the request\'s id, which X-Request-Id carries too; the trace for the log', async () => {
    const service = serviceWith();
    const reply = await answer({}, service);
    expect(reply).toEqual({
      id: expect.any(String),
      status: 200,
      headers: { 'x-request-id': reply.id },
      body: { id: reply.id, statusCode: 203, headers: { 'content-type': 'text/plain; charset=utf-8' }, content: 'hello', contentType: 'text/plain', encoding: 'utf-8' },
      trace: { key: 1, target: 'http://o.test', upstreamStatus: 203, bytes: 5, redirects: 0 },
    });
    // The slot and the bytes held for the page are given back once it is answered.
    expect([service.limiter.total, service.budget.used]).toEqual([0, 0]);
  });

  test('an error: the seed\'s body, the error\'s own headers beside X-Request-Id, its code in the trace', async () => {
    const reply = await answer({ body: '{"url":"http://o.test/page"}' }, serviceWith({ limiter: new ConcurrencyLimiter(0) }));
    expect(reply).toMatchObject({
      status: 429,
      headers: { 'x-request-id': reply.id, 'retry-after': '1' },
      body: { statusCode: 429, error: 'Too Many Requests', message: expect.any(String) },
      trace: { key: 1, target: 'http://o.test', error: 'too_many_requests' },
    });
  });

  test('the health check takes no key, and is 503 once the service stops', async () => {
    const health: Sent = { method: 'HEAD', path: '/healthz', headers: { 'x-svc-api-key': '' } };
    expect(await answer(health, serviceWith())).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await answer(health, serviceWith({ stopping: () => true }))).toMatchObject({ status: 503 });
  });

  test('the body is read with the service\'s maxRequestBytes', async () => {
    const reply = await answer({ body: JSON.stringify({ url: 'http://o.test/page', pad: 'x'.repeat(100) }) }, serviceWith({}, { maxRequestBytes: 64 }));
    expect(reply.body).toMatchObject({ statusCode: 400, message: 'The request body must be at most 64 bytes.' });
  });

  test('a fetch past the timeout is 504, and gives back its slot and its bytes', async () => {
    const service = serviceWith({ origins: origin(true) }, { timeoutMs: 20 });
    const reply = await answer({}, service);
    expect(reply.body).toMatchObject({ statusCode: 504, message: expect.stringContaining('within 0.02 seconds') });
    expect([service.limiter.total, service.budget.used]).toEqual([0, 0]);
  });

  test('a fetch ended from outside (the caller gone, shutdown) is answered with the reason it was ended with', async () => {
    const service = serviceWith({ origins: origin(true) });
    const lifetime = new AbortController();
    const pending = answer({}, service, lifetime);
    await expect.poll(() => service.limiter.total).toBe(1);
    lifetime.abort(callerGone());
    expect(await pending).toMatchObject({ status: 499, trace: { error: 'client_closed' } });
    expect(service.limiter.total).toBe(0);
  });

  test('anything but a ServiceError is a 500 that says nothing of its cause', async () => {
    const reply = await answer({}, serviceWith({ identify: () => { throw new Error('ring at 10.0.0.7 broke'); } }));
    expect(reply).toMatchObject({ status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal error.' }, trace: { error: 'internal' } });
  });
});
