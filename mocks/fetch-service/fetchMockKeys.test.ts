// API keys for tests side by side against one fetch mock process, over real HTTP through both adapters:
// each key made through POST /__conform/keys has its own pages, faults, scenario, journal and client report;
// control calls name a key by its keyId (Conform-Key), and the key itself is in no journal, list or report.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MockAccountError } from '../control-api/MockAccountError.ts';
import type { MockAdapter } from '../MockExchange.ts';
import { createFetchServiceMockWithKeys } from './createFetchServiceMockWithKeys.ts';
import { startFetchServiceMock, type FetchServiceMockServer } from './startFetchServiceMock.ts';

const startKey = 'keys-test-start-key-0123456789';

interface Answer {
  status: number;
  text: string;
  json: unknown;
}

async function send(url: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

const control = (server: FetchServiceMockServer, method: string, path: string, keyId?: string, body?: unknown) =>
  send(`${server.url}${path}`, { method, headers: { ...(keyId && { 'conform-key': keyId }), ...(body !== undefined && { 'content-type': 'application/json' }) }, ...(body !== undefined && { body: JSON.stringify(body) }) });

const fetchPage = (server: FetchServiceMockServer, apiKey: string, url: string) =>
  send(`${server.url}/v1/fetch`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-svc-api-key': apiKey }, body: JSON.stringify({ url }) });

const article = 'https://news.example/article';

describe.each<MockAdapter>(['node', 'msw'])('keys side by side through the %s adapter', (adapter) => {
  let server: FetchServiceMockServer;
  beforeAll(async () => {
    server = await startFetchServiceMock({ apiKeys: [startKey], adapter, pages: [{ url: article, body: 'as started' }] });
  });
  afterAll(() => server?.close());

  test('two keys: their own pages, faults, scenario, journal and client report; the keys in none of them', async () => {
    const made = await Promise.all([control(server, 'POST', '/__conform/keys', undefined, { label: 'tests-a' }), control(server, 'POST', '/__conform/keys', undefined, {})]);
    expect(made.map((m) => m.status)).toEqual([201, 201]);
    const [a, b] = made.map((m) => m.json as { keyId: string; apiKey: string }) as [{ keyId: string; apiKey: string }, { keyId: string; apiKey: string }];
    expect(a.keyId).not.toBe(b.keyId);
    expect(a.apiKey).not.toContain(a.keyId);

    // Each key starts with the pages the mock started with; a page put for one is that key's alone.
    expect((await control(server, 'POST', '/__conform/pages', a.keyId, { url: article, body: 'for a' })).status).toBe(200);
    expect((await control(server, 'PATCH', '/__conform/scenario', b.keyId, { errorRate: 1 })).status).toBe(200);
    expect((await control(server, 'POST', '/__conform/faults', undefined, { operation: 'fetchPage', then: { status: 500 } })).status).toBe(201);
    const [forA, forB, forStart] = [await fetchPage(server, a.apiKey, article), await fetchPage(server, b.apiKey, article), await fetchPage(server, startKey, article)];
    expect([forA.status, (forA.json as { content: string }).content]).toEqual([200, 'for a']);
    // b's error rate is b's; the fault queued without Conform-Key is the started keys'.
    expect([forB.status, forStart.status]).toEqual([503, 500]);
    expect(((await fetchPage(server, startKey, article)).json as { content: string }).content).toBe('as started');

    const journal = async (keyId?: string) => (await control(server, 'GET', '/__conform/journal', keyId)).text;
    const [journalA, journalB, journalStart] = [await journal(a.keyId), await journal(b.keyId), await journal()];
    expect([JSON.parse(journalA).entries.length, JSON.parse(journalB).entries.length, JSON.parse(journalStart).entries.length]).toEqual([1, 1, 2]);
    const reportA = (await control(server, 'GET', '/__conform/client-report', a.keyId)).text;
    const listed = (await control(server, 'GET', '/__conform/keys')).text;
    for (const text of [journalA, journalB, journalStart, reportA, listed]) {
      for (const secret of [a.apiKey, b.apiKey, startKey]) expect(text).not.toContain(secret);
    }
    expect(journalA).toContain('$SVC_API_KEY');
    expect((JSON.parse(listed) as { keys: Array<{ keyId: string; label?: string }> }).keys.map((k) => [k.keyId, k.label])).toEqual([['default', undefined], [a.keyId, 'tests-a'], [b.keyId, undefined]]);

    // Reset is per key: a's page goes back to the started one, b keeps its error rate.
    expect((await control(server, 'POST', '/__conform/reset', a.keyId)).status).toBe(200);
    expect(((await fetchPage(server, a.apiKey, article)).json as { content: string }).content).toBe('as started');
    expect((await fetchPage(server, b.apiKey, article)).status).toBe(503);

    // Deleted: its key is refused as any unknown key (401), its keyId is a 404, the default one a 409.
    expect((await control(server, 'DELETE', `/__conform/keys/${a.keyId}`)).status).toBe(204);
    expect((await fetchPage(server, a.apiKey, article)).status).toBe(401);
    expect((await control(server, 'GET', '/__conform/pages', a.keyId)).status).toBe(404);
    expect((await control(server, 'DELETE', `/__conform/keys/${a.keyId}`)).status).toBe(404);
    expect((await control(server, 'DELETE', '/__conform/keys/default')).status).toBe(409);
    expect((await control(server, 'DELETE', `/__conform/keys/${b.keyId}`)).status).toBe(204);
  });

  test('a bad keys call: 400 naming the field, 405 with Allow', async () => {
    const bad = await control(server, 'POST', '/__conform/keys', undefined, { label: 7 });
    expect([bad.status, (bad.json as { field: string }).field]).toEqual([400, 'label']);
    const wrong = await send(`${server.url}/__conform/keys`, { method: 'PUT' });
    expect(wrong.status).toBe(405);
  });
});

describe('keys in-process', () => {
  test('control.keys and forKey: the same operations; past maxKeys the idlest key goes, never the started ones', () => {
    const mock = createFetchServiceMockWithKeys({ apiKeys: [startKey], maxKeys: 2 });
    const first = mock.control.keys.create();
    const second = mock.control.keys.create({ label: 'second' });
    // Using the first makes the second the idlest.
    mock.control.forKey(first.keyId).pages.add({ url: article, body: 'first' });
    const third = mock.control.keys.create();
    expect(mock.control.keys.list().map((k) => k.keyId)).toEqual(['default', first.keyId, third.keyId]);
    expect(() => mock.control.forKey(second.keyId)).toThrow(MockAccountError);
    expect(mock.control.forKey(first.keyId).pages.list()).toEqual([{ url: article, body: 'first' }]);
    expect(mock.control.forKey(third.keyId).pages.list()).toEqual([]);
    expect(() => mock.control.keys.delete('default')).toThrow(/cannot be deleted/);
  });
});
