import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { createLoopbackOnlyDial } from '../fetch-service/loopbackOnlyDial.ts';
import { startLocalOrigin, type LocalOrigin } from '../testing/localOrigin.ts';
import { startHostileTarget, type HostileTarget } from '../testing/startHostileTarget.ts';
import { BodyBudget } from './BodyBudget.ts';
import { countExchangesWith, withExchangeOutcomes, type ExchangeOutcomes } from './exchangeOutcomes.ts';
import { boundedRequest, bodyText, createBoundedAgent, type BoundedInit } from './boundedRequest.ts';
import { NoAnswer } from './NoAnswer.ts';
import { SilentTargets } from './SilentTargets.ts';
import type { RequestBounds } from './requestBounds.ts';

const wall = createLoopbackOnlyDial();
const dispatcher = createBoundedAgent(wall.dial({}));
// Roomy deadlines and a small cap; each test shortens the deadline it is about to 1 s, so a loaded machine
// cannot end an exchange on another bound than the one under test. The test's own timeout is the real bound.
const bounds: RequestBounds = { headersTimeout: 30, bodyTimeout: 30, maxBodyMib: 1 };
const headersIn1s = { bounds: { ...bounds, headersTimeout: 1 } };
const bodyIn1s = { bounds: { ...bounds, bodyTimeout: 1 } };
// A record of silent targets per request: these tests meet the same hostile origin again and again.
const send = (url: string, init: Partial<BoundedInit> = {}) => boundedRequest(url, { dispatcher, bounds, silentTargets: new SilentTargets(), ...init });

/** The NoAnswer a request ends with (failing the test when it got an answer instead). */
async function noAnswer(url: string, init: Partial<BoundedInit> = {}): Promise<NoAnswer> {
  const error = await send(url, init).then(
    (answer) => new Error(`expected no answer, got HTTP ${answer.status}`),
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(NoAnswer);
  return error as NoAnswer;
}

let hostile: HostileTarget;
beforeAll(async () => {
  hostile = await startHostileTarget({ dripMs: 50 });
});
afterAll(async () => {
  await dispatcher.close();
  await hostile.close();
});
afterEach(() => wall.assertNoViolations());

describe('boundedRequest against a hostile target', () => {
  test('one that never answers: "no answer within 1 s"', async () => {
    expect((await noAnswer(hostile.url('hang'), headersIn1s)).message).toBe('no answer within 1 s');
  });

  test('the fetch service is given its own timeout on top of the headers deadline', async () => {
    expect((await noAnswer(hostile.url('hang'), { ...headersIn1s, extraHeadersSeconds: 0.5 })).message).toBe('no answer within 1.5 s');
  });

  test('headers, then no body: the body deadline, and how much came', async () => {
    expect((await noAnswer(hostile.url('headers-only'), bodyIn1s)).message).toBe('the body did not end within 1 s (0 bytes read)');
  });

  test('a drip: the whole body has a deadline, not just the gaps between bytes', async () => {
    // 50 ms between bytes: an idle timer of 1 s would never trip.
    expect((await noAnswer(hostile.url('drip'), bodyIn1s)).message).toMatch(/^the body did not end within 1 s \(\d+ bytes read\)$/);
  });

  test('an endless body stops at the cap', async () => {
    expect((await noAnswer(hostile.url('endless'))).message).toBe('the body exceeded 1 MiB');
  });

  test('a gzip bomb stops at the cap once decompressed, long before it is inflated', async () => {
    const error = await noAnswer(hostile.url('gzip-bomb'));
    expect(error.message).toMatch(/^the body exceeded 1 MiB once decompressed \(gzip, [\d,]+ bytes on the wire\)$/);
  });

  test('1 MiB of headers: said as such, not as a connection failure', async () => {
    expect((await noAnswer(hostile.url('huge-headers'))).message).toBe('answered with more than 16 KiB of headers');
  });

  test('a redirect is an answer and is not followed, so the credentials go nowhere else', async () => {
    const before = hostile.elsewhere.requests.length;
    const answer = await send(hostile.url('redirect'), { headers: { authorization: 'Bearer secret-token', 'x-svc-api-key': 'secret-key' } });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(`${hostile.elsewhere.url}/redirect/x`);
    expect(hostile.elsewhere.requests.length).toBe(before);
  });

  test('a caller that stops the request gets a reason, not an AbortError', async () => {
    const stop = new AbortController();
    const pending = noAnswer(hostile.url('hang'), { signal: stop.signal });
    stop.abort();
    expect((await pending).message).toBe('the request was cancelled before a complete answer came');
  });

  test('a refused connection keeps its code, with the words after it', async () => {
    const closed = await startLocalOrigin((_req, res) => res.end());
    const url = closed.url;
    await closed.close();
    expect((await noAnswer(url)).message).toMatch(/^ECONNREFUSED: /);
  });
});

describe('the bodies in flight share one budget', () => {
  test('a body that would take the process past it ends, saying what the others held; all is given back', async () => {
    // 1 MiB, then the answer stays open: held until the client stops it.
    const stalling = await startLocalOrigin((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(Buffer.alloc(1024 * 1024, 'a'));
    });
    try {
      const bodyBudget = new BodyBudget(1.5 * 1024 * 1024);
      const roomy = { headersTimeout: 600, bodyTimeout: 600, maxBodyMib: 2 };
      const stop = new AbortController();
      const first = noAnswer(stalling.url, { bodyBudget, bounds: roomy, signal: stop.signal });
      await vi.waitFor(() => expect(bodyBudget.held).toBe(1024 * 1024), { timeout: 60_000 });
      const second = await noAnswer(stalling.url, { bodyBudget, bounds: roomy });
      expect(second.message).toMatch(/^the body passed [\d,]+ bytes while other answers in flight held 1 MiB \(this process holds at most 1\.5 MiB of bodies at once\)$/);
      stop.abort();
      expect((await first).message).toMatch(/^the request was cancelled/);
      expect(bodyBudget.held).toBe(0);
    } finally {
      await stalling.close();
    }
  });

  test('by default at least 128 MiB, and twice the cap when that is more', () => {
    expect(new BodyBudget().limit(64 * 1024 * 1024)).toBe(128 * 1024 * 1024);
    expect(new BodyBudget().limit(100 * 1024 * 1024)).toBe(200 * 1024 * 1024);
  });
});

describe('a target that never answers whole is given up on', () => {
  const quick: RequestBounds = { headersTimeout: 0.2, bodyTimeout: 0.2, maxBodyMib: 1 };
  const quickBody: RequestBounds = { ...quick, headersTimeout: 30 };

  test('after two requests that ran into the bounds, the next is not sent and says why', async () => {
    const silentTargets = new SilentTargets();
    for (let i = 0; i < 2; i++) await noAnswer(hostile.url('drip'), { silentTargets, bounds: quickBody });
    const sent = hostile.requests.length;
    const error = await noAnswer(hostile.url('hang'), { silentTargets, bounds: quick });
    expect(error.message).toMatch(/^not sent: none of the 2 requests to http:\/\/127\.0\.0\.1:\d+ so far got a complete answer \(the last: the body did not end within 0\.2 s \(\d+ bytes read\)\)$/);
    expect(hostile.requests.length).toBe(sent);
  });

  test('an origin that answered once is judged on every request', async () => {
    const silentTargets = new SilentTargets();
    expect((await send(hostile.base('drip'), { silentTargets })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await noAnswer(hostile.url('hang'), { silentTargets, bounds: quick })).message).toBe('no answer within 0.2 s');
  });

  test('connection failures and cancelled requests do not count', async () => {
    const silentTargets = new SilentTargets();
    for (let i = 0; i < 4; i++) {
      const stop = new AbortController();
      stop.abort();
      expect((await noAnswer(hostile.url('hang'), { silentTargets, signal: stop.signal })).message).toBe('the request was cancelled before a complete answer came');
    }
  });
});

describe('boundedRequest against a well-behaved target', () => {
  let origin: LocalOrigin;
  const page = JSON.stringify({ hello: 'wörld', pad: 'x'.repeat(200_000) });
  beforeAll(async () => {
    origin = await startLocalOrigin((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const echo = { method: req.method, body: Buffer.concat(chunks).toString(), chunked: req.headers['transfer-encoding'] === 'chunked', ua: req.headers['user-agent'] };
        if (req.url === '/gzip') return void res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipSync(page));
        if (req.url === '/bom') return void res.writeHead(200, { 'content-type': 'text/plain' }).end(Buffer.from('\uFEFFhi'));
        res.writeHead(201, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] }).end(JSON.stringify(echo));
      });
    });
  });
  afterAll(() => origin.close());

  test('sends the body, with a Content-Length or chunked, and reads the whole answer', async () => {
    const plain = await send(`${origin.url}/echo`, { method: 'POST', body: '{"a":1}' });
    expect(plain.status).toBe(201);
    expect(JSON.parse(bodyText(plain.body))).toMatchObject({ method: 'POST', body: '{"a":1}', chunked: false, ua: expect.stringMatching(/^conform\//) });
    expect(plain.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    const chunked = await send(`${origin.url}/echo`, { method: 'POST', body: '{"a":1}', chunked: true });
    expect(JSON.parse(bodyText(chunked.body))).toMatchObject({ body: '{"a":1}', chunked: true });
  });

  test('decompresses a gzip body within the cap', async () => {
    const answer = await send(`${origin.url}/gzip`);
    expect(bodyText(answer.body)).toBe(page);
    expect(answer.wireBytes).toBeLessThan(answer.body.length);
  });

  test('reads text as fetch does: a leading BOM dropped', async () => {
    expect(bodyText((await send(`${origin.url}/bom`)).body)).toBe('hi');
  });
});

describe('what a check’s requests to its target came to (exchangeOutcomes)', () => {
  test('each exchange with a target is counted in the running check’s tally: a 5xx by status, no answer by its reason; other hosts and answers below 500 only as requests', async () => {
    const target = await startLocalOrigin((req, res) => {
      if (req.url === '/flaky') return void res.writeHead(503).end();
      if (req.url === '/reset') return void req.socket.destroy();
      res.end('ok');
    });
    const farm = await startLocalOrigin((_req, res) => res.writeHead(503).end());
    try {
      countExchangesWith([target.url]);
      const tally: ExchangeOutcomes = { requests: 0 };
      await withExchangeOutcomes(tally, async () => {
        for (const path of ['/ok', '/flaky', '/flaky', '/reset']) await send(`${target.url}${path}`).catch(() => undefined);
        // The origin farm's answers are no target's.
        await send(`${farm.url}/x`);
      });
      // The one 200 counted as served: what shows a check's target doing the right thing (check.ts refusalsAlone).
      expect(tally).toEqual({ requests: 4, served: 1, troubles: { 503: 2, 'no answer: the connection closed before a complete answer': 1 } });
      // Outside a check nothing is counted.
      await send(`${target.url}/flaky`);
      expect(tally.requests).toBe(4);
    } finally {
      countExchangesWith([]);
      await Promise.all([target.close(), farm.close()]);
    }
  });
});

describe('a caller timing the target starts its clock as the request goes out (onSend)', () => {
  test('a request waiting for its turn behind one to a target that has not answered yet is told when it is sent, not before', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived = 0;
    let firstArrived = () => {};
    const first = new Promise<void>((resolve) => (firstArrived = resolve));
    const target = await startLocalOrigin(async (req, res) => {
      arrived++;
      if (req.url === '/slow') {
        firstArrived();
        await held;
      }
      res.end('ok');
    });
    try {
      const silentTargets = new SilentTargets();
      const sent: string[] = [];
      const slow = send(`${target.url}/slow`, { silentTargets, onSend: () => sent.push('slow') });
      await first;
      const quick = send(`${target.url}/quick`, { silentTargets, onSend: () => sent.push('quick') });
      // The quick request waits for its turn: one request at a time to a target that has never answered.
      await new Promise((resolve) => setImmediate(resolve));
      expect(sent).toEqual(['slow']);
      release();
      await Promise.all([slow, quick]);
      expect(sent).toEqual(['slow', 'quick']);
      expect(arrived).toBe(2);
    } finally {
      await target.close();
    }
  });
});
