// The fetch mock's control routes and their document agree, both ways: every operation of
// specs/fetch-mock-control.openapi.yaml is answered by the mock with a status (and body) the document gives
// it, and every path the mock answers under /__conform/ is a path of the document, any method the document
// does not give it answered 405 with Allow.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { livePagePath } from '../../src/client/livePage.ts';
import { checkExchange } from '../../src/openapi/checkExchange.ts';
import type { CompiledOperation } from '../../src/openapi/CompiledOperation.ts';
import { formatViolations } from '../../src/openapi/Violation.ts';
import { clientReportPath } from '../judgedRouteTable.ts';
import { fetchControlPrefix } from './fetchControlRoutes.ts';
import { fetchControlSpec } from './fetchControlSpec.ts';
import { startFetchServiceMock, type FetchServiceMockServer } from './startFetchServiceMock.ts';

interface Call {
  path: string;
  body?: unknown;
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

async function send(server: FetchServiceMockServer, method: string, call: Call, headers: Record<string, string> = {}): Promise<Answer> {
  const init: RequestInit = { method, headers: { ...headers, ...(call.body === undefined ? {} : { 'content-type': 'application/json' }) } };
  if (call.body !== undefined) init.body = JSON.stringify(call.body);
  const res = await fetch(`${server.url}${call.path}`, init);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const documented = (operation: CompiledOperation, answer: Answer) => formatViolations(checkExchange(operation, { status: answer.status, headers: answer.headers, body: answer.text }));

const page = { url: 'https://agreement.example/a', body: 'a page' };

const takesKey = (operation: CompiledOperation) => operation.parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'conform-key');

// One call per operation, in an order where each finds what it needs (a page to drop, a key to delete). An
// operation added to the document without a call here fails the first test.
const calls = (keyId: string): Record<string, Call> => ({
  getLivePage: { path: livePagePath },
  reset: { path: `${fetchControlPrefix}reset` },
  getScenario: { path: `${fetchControlPrefix}scenario` },
  patchScenario: { path: `${fetchControlPrefix}scenario`, body: { latencyMs: 0 } },
  listFaults: { path: `${fetchControlPrefix}faults` },
  addFault: { path: `${fetchControlPrefix}faults`, body: { operation: 'fetchPage', times: 1, then: { status: 503 } } },
  clearFaults: { path: `${fetchControlPrefix}faults` },
  getJournal: { path: `${fetchControlPrefix}journal` },
  getClientReport: { path: clientReportPath },
  putPages: { path: `${fetchControlPrefix}pages`, body: { pages: [page] } },
  addPage: { path: `${fetchControlPrefix}pages`, body: { pattern: 'https://agreement.example/*', status: 404, body: 'gone' } },
  listPages: { path: `${fetchControlPrefix}pages` },
  deletePage: { path: `${fetchControlPrefix}pages?url=${encodeURIComponent(page.url)}` },
  listKeys: { path: `${fetchControlPrefix}keys` },
  createKey: { path: `${fetchControlPrefix}keys`, body: { label: 'agreement' } },
  deleteKey: { path: `${fetchControlPrefix}keys/${encodeURIComponent(keyId)}` },
});

describe("specs/fetch-mock-control.openapi.yaml and the fetch mock's control routes", () => {
  let server: FetchServiceMockServer;
  let keyId: string;
  beforeAll(async () => {
    server = await startFetchServiceMock({ apiKeys: ['agreement-key-0123456789'], adapter: 'node' });
    const created = await send(server, 'POST', { path: `${fetchControlPrefix}keys`, body: {} });
    expect(created.status).toBe(201);
    keyId = (JSON.parse(created.text) as { keyId: string }).keyId;
  });
  afterAll(() => server?.close());

  test('every operation of the document has a call here, and no call names an operation it lacks', () => {
    expect(Object.keys(calls('k')).sort()).toEqual(fetchControlSpec().operations.map((op) => op.operationId).sort());
  });

  test('every operation is answered 2xx with a documented answer; with the Conform-Key header where the document takes it, the same', async () => {
    for (const [operationId, call] of Object.entries(calls(keyId))) {
      const operation = fetchControlSpec().operation(operationId);
      const answer = await send(server, operation.method, call);
      expect([operationId, answer.status < 300, documented(operation, answer)], answer.text).toEqual([operationId, true, '']);
      if (takesKey(operation)) {
        // The header is optional (the mock's own keys without it) and, when given, answers for that key.
        const scoped = await send(server, operation.method, call, { 'conform-key': keyId });
        expect([operationId, scoped.status < 500, documented(operation, scoped)], scoped.text).toEqual([operationId, true, '']);
        const unknown = await send(server, operation.method, call, { 'conform-key': 'no-such-key' });
        expect([operationId, unknown.status, documented(operation, unknown)]).toEqual([operationId, 404, '']);
      }
    }
  });

  test('a key-scoped operation takes the Conform-Key header, optional; the keys API and the live page do not', () => {
    for (const operation of fetchControlSpec().operations) {
      const header = operation.parameters.find((p) => p.in === 'header' && p.name.toLowerCase() === 'conform-key');
      const unscoped = operation.path.startsWith(`${fetchControlPrefix}keys`) || operation.operationId === 'getLivePage';
      expect([operation.operationId, header !== undefined, header?.required ?? false]).toEqual([operation.operationId, !unscoped, false]);
    }
  });

  test('every path the mock answers under /__conform/ is in the document; a method it does not list is 405 with Allow', async () => {
    const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
    const paths = new Set(fetchControlSpec().operations.map((op) => op.path));
    // The document's paths, the judge's own, and near misses of each: a trailing slash, one segment more,
    // an unknown name, the meeting mock's paths.
    const probes = new Set<string>([clientReportPath, livePagePath, `${fetchControlPrefix}nothing`, `${fetchControlPrefix}clock`, `${fetchControlPrefix}accounts`, `${fetchControlPrefix}data`]);
    const concrete = (template: string) => template.replace('{keyId}', 'no-such-key');
    for (const path of paths) for (const probe of [concrete(path), `${concrete(path)}/`, `${concrete(path)}/x`]) probes.add(probe);
    for (const path of probes) {
      const operationFor = (method: string) => fetchControlSpec().operationFor(method, path);
      const listed = methods.filter((m) => operationFor(m) !== undefined);
      for (const method of methods) {
        const answer = await send(server, method, { path });
        const error = answer.headers.get('content-type')?.startsWith('application/json') ? (JSON.parse(answer.text) as { error?: string }).error : undefined;
        if (listed.includes(method)) expect([path, method, documented(operationFor(method)!, answer)]).toEqual([path, method, '']);
        else if (listed.length) expect([path, method, answer.status, answer.headers.get('allow')?.split(', ').sort()]).toEqual([path, method, 405, listed.sort()]);
        else expect([path, method, answer.status, error]).toEqual([path, method, 404, 'not_found']);
      }
    }
  });
});
