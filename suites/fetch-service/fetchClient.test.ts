import { expect, test } from 'vitest';
import { describeExchange, FetchClient, keyVariable } from './fetchClient.ts';

const client = new FetchClient({ label: 'x', baseUrl: 'http://127.0.0.1:8080/', apiKeyVar: 'SVC_API_KEY', apiKey: 'secret-key-0123456789', originUrl: 'http://127.0.0.1:1', fetchTimeoutSeconds: 1, embedded: true });

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
