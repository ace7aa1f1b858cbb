import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createLoopbackOnlyDial } from './loopbackOnlyDial.ts';
import { readRequestText } from './readRequestText.ts';
import { ServiceError } from './core/ServiceError.ts';

// readRequestText reads a real IncomingMessage: a tiny server answers with the text it read. On
// /tight it drains at most 64 KiB of an oversized body. `ended` gets true for each body read to its end,
// false for each connection cut before.
const ended: boolean[] = [];
const server = createServer((req: IncomingMessage, res) => {
  req.once('end', () => ended.push(true));
  req.socket.once('close', () => req.complete || ended.push(false));
  readRequestText(req, 16, req.url === '/tight' ? { bytes: 64 * 1024, ms: 5_000 } : undefined).then(
    (value) => res.end(JSON.stringify({ value })),
    (err: unknown) => {
      const e = err instanceof ServiceError ? err : new ServiceError(500, 'internal', 'x');
      res.writeHead(e.status, e.headers).end(JSON.stringify({ message: e.message }));
    },
  );
});
const agent = createLoopbackOnlyDial().agent();
let origin = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await agent.close();
  server.close();
});

async function send(body: string | Buffer | Readable, path = '/') {
  const res = await agent.request({ origin, path, method: 'POST', body });
  return { status: res.statusCode, connection: res.headers.connection, json: (await res.body.json()) as Record<string, unknown> };
}

test('gives the body as text, a UTF-8 BOM dropped', async () => {
  expect(await send('{"a":[1,2]}')).toMatchObject({ status: 200, json: { value: '{"a":[1,2]}' } });
  expect(await send(Buffer.from('\uFEFF"é"'))).toMatchObject({ status: 200, json: { value: '"é"' } });
});

test('refuses invalid UTF-8 with 400', async () => {
  const refused = await send(Buffer.from([0x22, 0xc3, 0x28, 0x22]));
  expect(refused).toMatchObject({ status: 400, json: { message: 'The request body must be UTF-8 encoded JSON.' } });
});

test('refuses a body over the limit, declared or streamed', async () => {
  const declared = await send('{"aaaaaaaaaaaaaaaaaaaa":1}');
  expect(declared).toMatchObject({ status: 400 });
  expect(declared.json.message).toMatch(/at most 16 bytes/);
  // A stream body goes chunked, without Content-Length: the limit is found while reading.
  const chunked = await send(Readable.from([Buffer.alloc(10, 0x20), Buffer.alloc(10, 0x20)]));
  expect(chunked).toMatchObject({ status: 400 });
});

test('reads the rest of an oversized body and drops it, so a client still sending gets the 400', async () => {
  ended.length = 0;
  const declared = await send(Buffer.alloc(8 << 20, 0x20));
  await expect.poll(() => ended).toEqual([true]);
  // Sent chunked, the client may stop sending once it has the reply: the 400 is what matters.
  const chunked = await send(Readable.from(Array.from({ length: 8 }, () => Buffer.alloc(1 << 20, 0x20))));
  expect([declared.status, chunked.status]).toEqual([400, 400]);
});

test('past the drain limit, the connection is cut', async () => {
  ended.length = 0;
  await send(Buffer.alloc(8 << 20, 0x20), '/tight').catch(() => undefined);
  await expect.poll(() => ended).toEqual([false]);
});
