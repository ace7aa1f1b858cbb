// What the validation proxy does to the traffic it relays: nothing. A recording target on loopback gets
// the request exactly as the app sent it (the path and query as written, %2F and %252F included, the
// headers in their order and case, the body's bytes), the app gets the answer exactly as the target sent
// it (status, headers, bytes, a redirect not followed, a compressed body still compressed), and the proxy
// sends no request of its own. A target that does not answer, or answers past the bounds, is a 502 that
// says why, and the report's finding says so.
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import { startValidationProxy, type ValidationProxy, type ValidationProxyOptions } from './startValidationProxy.ts';

interface Received {
  method: string;
  url: string;
  rawHeaders: string[];
  body: Buffer;
}

interface Reply {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
}

interface Recorder {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

let opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.map((o) => o.close()));
  opened = [];
});

/** A target on loopback that records each request whole and answers it with `reply` (or never, when it returns undefined). */
async function recorder(reply: (r: Received) => Reply | undefined): Promise<Recorder> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { method: req.method!, url: req.url!, rawHeaders: req.rawHeaders, body: Buffer.concat(chunks) };
      received.push(r);
      const answer = reply(r);
      if (!answer) return;
      res.writeHead(answer.status, answer.headers.flat());
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const closed = {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
  opened.push(closed);
  return closed;
}

async function proxy(options: ValidationProxyOptions): Promise<ValidationProxy> {
  const started = await startValidationProxy(options);
  opened.push(started);
  return started;
}

interface Got {
  status: number;
  rawHeaders: string[];
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request sent byte for byte as given (node:http neither parses nor encodes the path), Host first; its answer read raw (nothing decompressed). */
function send(base: string, method: string, path: string, headers: Array<[string, string]>, body?: Buffer): Promise<Got> {
  const { hostname, port, host } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, method, path, headers: ['Host', host, ...headers.flat()], agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, rawHeaders: res.rawHeaders, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Raw headers as pairs, without the connection's own (Host, Connection, Transfer-Encoding) and the body length node:http states. */
function messageHeaders(raw: readonly string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < raw.length; i += 2) if (!['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date'].includes(raw[i]!.toLowerCase())) pairs.push([raw[i]!, raw[i + 1]!]);
  return pairs;
}

const oddBytes = Buffer.from([0x00, 0xff, 0xfe, 0x80, 0x0d, 0x0a, 0x25, 0x32, 0x46, 0xc3, 0x28, 0x7b, 0x22]);

describe('the validation proxy relays traffic unchanged', () => {
  test('the request reaches the deployment as the app wrote it: path and query raw (%2F, %252F, +), headers in order and case, body bytes; Host is the deployment\'s', async () => {
    const target = await recorder(() => ({ status: 200, headers: [['content-type', 'application/json']], body: Buffer.from('{}') }));
    const p = await proxy({ suite: 'meeting-platform', target: `${target.url}/api` });
    const path = '/v2/meetings/%2F9MKL%2BFts%3D%3D/./%252Fraw%252F/../{x}?next_page_token=a%2Fb%252Fc+d&x=%E2%82%AC&x=%zz&y={&}';
    const headers: Array<[string, string]> = [['Authorization', 'Bearer conform-made-up-token-1234'], ['X-Dup', 'one'], ['x-dup', 'two'], ['Content-Type', 'application/octet-stream'], ['Content-Length', String(oddBytes.length)], ['X-Mixed-CASE', 'Value With  Spaces']];
    const got = await send(p.url, 'PATCH', path, headers, oddBytes);
    expect(got.status).toBe(200);
    expect(target.received).toHaveLength(1);
    const [r] = target.received;
    expect(r!.method).toBe('PATCH');
    expect(r!.url).toBe(`/api${path}`);
    expect(Buffer.compare(r!.body, oddBytes)).toBe(0);
    const sent = headers.filter(([n]) => n.toLowerCase() !== 'content-length');
    expect(messageHeaders(r!.rawHeaders)).toEqual(sent);
    const host = r!.rawHeaders.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === 'host');
    expect(r!.rawHeaders[host + 1]).toBe(new URL(target.url).host);
    expect(r!.rawHeaders.filter((h, i) => i % 2 === 0 && h.toLowerCase() === 'content-length').length).toBe(1);
  });

  test('the token request goes to --auth-target, everything else to --target under its path', async () => {
    const auth = await recorder(() => ({ status: 400, headers: [['content-type', 'application/json']], body: Buffer.from('{"error":"invalid_client"}') }));
    const api = await recorder(() => ({ status: 401, headers: [['content-type', 'application/json']], body: Buffer.from('{"code":124,"message":"Invalid access token."}') }));
    const p = await proxy({ suite: 'meeting-platform', target: `${api.url}/base/`, authTarget: auth.url });
    await send(p.url, 'POST', '/oauth/token', [['content-type', 'application/x-www-form-urlencoded']], Buffer.from('grant_type=account_credentials&account_id=x'));
    await send(p.url, 'GET', '/v2/users/me', []);
    expect(auth.received.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /oauth/token']);
    expect(api.received.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /base/v2/users/me']);
  });

  test('the answer reaches the app as the deployment sent it: status, headers (Set-Cookie twice), bytes; a compressed body still compressed, read decompressed by the judge', async () => {
    const json = gzipSync(Buffer.from('{"statusCode":400,"error":"Bad Request","message":"url is required."}'));
    const target = await recorder((r) =>
      r.url.endsWith('/odd')
        ? { status: 299, headers: [['Set-Cookie', 'a=1'], ['Set-Cookie', 'b=2'], ['X-Odd', ' spaced '], ['Content-Type', 'application/octet-stream']], body: oddBytes }
        : { status: 400, headers: [['content-type', 'application/json'], ['content-encoding', 'gzip']], body: json },
    );
    const p = await proxy({ suite: 'fetch-service', target: target.url });
    const odd = await send(p.url, 'GET', '/odd', []);
    expect(odd.status).toBe(299);
    expect(Buffer.compare(odd.body, oddBytes)).toBe(0);
    expect(odd.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(odd.headers['x-odd']).toBe('spaced');
    expect(odd.headers['content-type']).toBe('application/octet-stream');
    const zipped = await send(p.url, 'POST', '/v1/fetch', [['x-svc-api-key', 'conform-relay-key-12345'], ['content-type', 'application/json']], Buffer.from('{}'));
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(Buffer.compare(zipped.body, json)).toBe(0);
    // The judge read the JSON inside: the error body is the seed's.
    const checks = p.report().checks.filter((c) => c.target === p.deploymentLabel);
    // FS-400-URL's 400 is no proof with nothing served beside it: not judged (createServerJudge's control).
    expect(Object.fromEntries(checks.map((c) => [c.clause, c.status]))).toMatchObject({ 'FS-REPLY-JSON': 'passed', 'FS-ERROR-BODY': 'passed', 'FS-400-URL': 'skipped' });
  });

  test('a redirect is relayed as it came, not followed: the proxy sends no request of its own', async () => {
    const elsewhere = await recorder(() => ({ status: 200, headers: [], body: Buffer.from('followed') }));
    const target = await recorder(() => ({ status: 302, headers: [['Location', `${elsewhere.url}/landed`]], body: Buffer.alloc(0) }));
    const p = await proxy({ suite: 'meeting-platform', target: target.url });
    const got = await send(p.url, 'GET', '/v2/users/me', [['authorization', 'Bearer conform-made-up-token-1234']]);
    expect(got.status).toBe(302);
    expect(got.headers.location).toBe(`${elsewhere.url}/landed`);
    expect(target.received).toHaveLength(1);
    expect(elsewhere.received).toHaveLength(0);
  });
});

describe('a deployment that does not answer', () => {
  test('refused connection: the app gets a 502 saying so, and the finding says so', async () => {
    const gone = await recorder(() => undefined);
    await gone.close();
    const p = await proxy({ suite: 'fetch-service', target: gone.url });
    const got = await send(p.url, 'POST', '/v1/fetch', [['x-svc-api-key', 'conform-relay-key-12345'], ['content-type', 'application/json']], Buffer.from('{"url":"https://example.com/"}'));
    expect(got.status).toBe(502);
    expect(got.body.toString()).toMatch(new RegExp(`^conform proxy: no answer from ${gone.url} to relay for POST /v1/fetch: ECONNREFUSED`));
    const spec = p.report().checks.find((c) => c.clause === 'FS-SPEC-RESPONSE')!;
    expect(spec.status).toBe('failed');
    expect(spec.message).toMatch(/^#1 POST \/v1\/fetch: no answer from the deployment: ECONNREFUSED: connect ECONNREFUSED 127\.0\.0\.1:\d+ \(the proxy answered the app 502\)$/);
    expect(JSON.stringify(p.report())).not.toContain('conform-relay-key-12345');
  });

  test('no headers within the deadline, or a body past the cap: a 502 naming the bound', async () => {
    const target = await recorder((r) => (r.url.endsWith('/users/me') ? undefined : { status: 200, headers: [['content-type', 'application/json']], body: Buffer.alloc(2 * 1024 * 1024, 0x20) }));
    const p = await proxy({ suite: 'meeting-platform', target: target.url, bounds: { headersTimeout: 0.3, bodyTimeout: 5, maxBodyMib: 1 } });
    const silent = await send(p.url, 'GET', '/v2/users/me', []);
    expect(silent.status).toBe(502);
    expect(silent.body.toString()).toContain(': no answer within 0.3 s');
    const large = await send(p.url, 'GET', '/v2/users/me/meetings', []);
    expect(large.status).toBe(502);
    expect(large.body.toString()).toContain(': the body exceeded 1 MiB');
    const spec = p.report().checks.find((c) => c.clause === 'MP-SPEC-RESPONSE')!;
    expect(spec.finding!.groups[0]).toMatchObject({ cause: 'no answer from the deployment', count: 2 });
  });
});
