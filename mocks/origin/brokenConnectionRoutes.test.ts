import { connect as tcpConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { promisedLength, sentLength } from './brokenConnectionRoutes.ts';
import { getRaw } from '../../src/testing/getRaw.ts';
import { useOriginFarm } from './fixtures/useOriginFarm.ts';

interface Wire {
  received: Buffer;
  /** How the connection ended: a clean end of stream, or the socket error's code. */
  ending: 'end' | string;
}

/** Sends a bare GET over a raw socket and records every byte back and how the connection ended. */
function rawExchange(base: string, path: string, ca: string): Promise<Wire> {
  const url = new URL(base);
  const port = Number(url.port);
  const socket: Socket =
    url.protocol === 'https:' ? tlsConnect({ host: url.hostname, port, ca }) : tcpConnect({ host: url.hostname, port });
  socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
  const chunks: Buffer[] = [];
  return new Promise((resolve) => {
    let ending: string | undefined;
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => (ending ??= 'end'));
    socket.on('error', (err: NodeJS.ErrnoException) => (ending ??= err.code ?? err.message));
    socket.on('close', () => resolve({ received: Buffer.concat(chunks), ending: ending ?? 'close' }));
  });
}

/** The body part of a raw response. */
const bodyOf = (wire: Wire): Buffer => wire.received.subarray(wire.received.indexOf('\r\n\r\n') + 4);

describe('brokenConnectionRoutes', () => {
  const farm = useOriginFarm();

  describe.each(['httpUrl', 'httpsUrl'] as const)('over %s', (listener) => {
    test('/broken/reset: a 200 head and part of the body, then a TCP reset', async () => {
      const wire = await rawExchange(farm()[listener], '/broken/reset', farm().ca);
      expect(wire.received.toString('latin1')).toMatch(new RegExp(`^HTTP/1.1 200 OK\\r\\n[^]*Content-Length: ${promisedLength}\\r\\n`));
      expect(bodyOf(wire).length).toBe(sentLength);
      expect(wire.ending).toBe('ECONNRESET');
    });

    test('/broken/truncated: part of the promised body, then a clean close', async () => {
      const wire = await rawExchange(farm()[listener], '/broken/truncated', farm().ca);
      expect(bodyOf(wire).length).toBe(sentLength);
      expect(wire.ending).toBe('end');
    });

    test('/broken/chunked: an HTTP client fails on the chunk size after reading the first chunk', async () => {
      const r = await getRaw(`${farm()[listener]}/broken/chunked`, { ca: farm().ca });
      expect(r.status).toBe(200);
      expect(r.headers['transfer-encoding']).toBe('chunked');
      expect(r.error?.code).toBe('HPE_INVALID_CHUNK_SIZE');
    });
  });

  test('node\'s HTTP client also sees the reset as ECONNRESET after the status line', async () => {
    const r = await getRaw(`${farm().httpUrl}/broken/reset`);
    expect(r.status).toBe(200);
    expect(r.error?.code).toBe('ECONNRESET');
    expect(r.length).toBeLessThan(promisedLength);
  });

  test('/broken/gzip: Content-Encoding gzip over bytes that do not inflate', async () => {
    const r = await getRaw(`${farm().httpUrl}/broken/gzip`);
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(() => gunzipSync(r.body)).toThrow();
    await expect(fetch(`${farm().httpUrl}/broken/gzip`).then((res) => res.text())).rejects.toThrow();
  });
});
