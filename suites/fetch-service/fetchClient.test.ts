import { expect, test } from 'vitest';
import { describeExchange, FetchClient, keyVariable } from './fetchClient.ts';
import { defaultLimits } from '../../src/exchange/exchangeLimits.ts';

const client = new FetchClient({ label: 'x', baseUrl: 'http://127.0.0.1:8080/', apiKeyVar: 'SVC_API_KEY', apiKey: 'secret-key-0123456789', originUrl: 'http://127.0.0.1:1', fetchTimeoutSeconds: 1, embedded: true, limits: defaultLimits });

test('curl reproductions name $SVC_API_KEY, never the key, and survive quotes in the body', () => {
  const curl = client.curl({ body: { url: "http://x/it's" } });
  expect(curl).toBe(`curl -sS -i -X POST 'http://127.0.0.1:8080/v1/fetch' -H 'Content-Type: application/json' -H "X-SVC-API-Key: ${keyVariable}" --data-raw '{"url":"http://x/it'\\''s"}'`);
  expect(client.curl({ raw: '', key: null })).not.toContain('X-SVC-API-Key');
  expect(client.curl({ body: {}, key: null, headers: { Authorization: `Bearer ${keyVariable}` } })).toContain(`-H "Authorization: Bearer ${keyVariable}"`);
});

test('evidence shows the request with the key as its variable and the reply', () => {
  const text = describeExchange({ call: { body: { url: 'http://x/' } }, endpoint: client.endpoint, requestBody: '{"url":"http://x/"}', status: 403, headers: { 'content-type': 'application/json', date: 'today' }, text: '{"statusCode":403}', json: { statusCode: 403 }, durationMs: 3, attempts: 2 });
  expect(text).toContain(`X-SVC-API-Key: ${keyVariable}`);
  expect(text).toContain('HTTP 403 (3 ms, attempt 2 (earlier ones got 429))');
  expect(text).not.toContain('date: today');
  expect(text).not.toContain('secret-key');
});

test('a near miss of the key goes on the wire as its value, and into curl and evidence as its shell expression; a key in the query string likewise', async () => {
  const { createServer } = await import('node:http');
  const seen: Array<{ url: string; key: string | undefined }> = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', key: req.headers['x-svc-api-key'] as string | undefined });
    res.writeHead(401, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  try {
    const port = (server.address() as { port: number }).port;
    const local = new FetchClient({ label: 'x', baseUrl: `http://127.0.0.1:${port}`, apiKeyVar: 'SVC_API_KEY', apiKey: 'k 1/+', originUrl: 'http://127.0.0.1:1', fetchTimeoutSeconds: 1, embedded: true, limits: defaultLimits });
    const nearMiss = { shell: (v: string) => `\${${v}}x`, of: (k: string) => `${k}x` };
    const x = await local.post({ body: {}, key: nearMiss });
    await local.post({ body: {}, key: null, query: `api_key=${keyVariable}` });
    expect(seen).toEqual([
      { url: '/v1/fetch', key: 'k 1/+x' },
      { url: '/v1/fetch?api_key=k%201%2F%2B', key: undefined },
    ]);
    expect(local.curl({ body: {}, key: nearMiss })).toContain('-H "X-SVC-API-Key: ${SVC_API_KEY}x"');
    expect(local.curl({ body: {}, key: null, query: `api_key=${keyVariable}` })).toContain(`"http://127.0.0.1:${port}/v1/fetch?api_key=${keyVariable}"`);
    expect(describeExchange(x)).toContain('X-SVC-API-Key: ${SVC_API_KEY}x');
    expect(describeExchange(x)).not.toContain('k 1/+');
  } finally {
    server.close();
  }
});
