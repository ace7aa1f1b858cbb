// The OpenAPI documents in specs/ are artifacts users feed to other tools (Prism, Schemathesis, client
// generators). Two tools that are not ours read them here: Redocly's linter (the documents are valid
// OpenAPI 3.1, their examples match their schemas), and Prism's request and response validator (every
// exchange of a correct server, the project's mocks, is valid by the standard keywords alone: nothing
// a correct server does looks wrong because of what only an x-conform-* extension says).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createConfig, lint, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { getHttpOperationsFromSpec, type IHttpRequest, type IHttpResponse } from '@stoplight/prism-http';
import { validateInput, validateOutput } from '@stoplight/prism-http/dist/validator/index.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { startFetchServiceMock, type FetchServiceMockServer } from '../../mocks/fetch-service/startFetchServiceMock.ts';
import { virtualFarm } from '../../mocks/fetch-service/virtualFarm.ts';
import { startMeetingPlatformServer, type MeetingPlatformServer } from '../../mocks/meeting-platform/startMeetingPlatformServer.ts';
import { encodeMeetingId } from '../meeting-platform/core/encodeMeetingId.ts';
import { loadSpec, specUrl, type SpecName } from './loadSpec.ts';

const specNames: SpecName[] = ['meeting-platform', 'fetch-service'];

/** Redocly's recommended rules, with the checks of examples against their schemas made errors. */
const lintConfig = () =>
  createConfig({
    extends: ['recommended'],
    rules: {
      'no-invalid-media-type-examples': 'error',
      'no-invalid-schema-examples': 'error',
      'no-invalid-parameter-examples': 'error',
      'no-required-schema-properties-undefined': 'warn',
    },
  });

/** Warnings taken knowingly, each with its reason; any other warning, and every error, fails. */
const acceptedWarnings: Array<{ spec: SpecName; ruleId: string; pointer: string; reason: string }> = ['start_time', 'duration', 'timezone'].map((field, i) => ({
  spec: 'meeting-platform',
  ruleId: 'no-required-schema-properties-undefined',
  pointer: `#/components/schemas/MeetingListItem/else/required/${String(i)}`,
  reason: `${field} is declared in the enclosing schema's properties; the rule looks only inside the else branch, which adds no property of its own`,
}));

const shown = (problems: readonly NormalizedProblem[]) => problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);

describe('Redocly lints both specs', () => {
  test.each(specNames)('%s: no error, no warning that is not accepted with a reason', async (name) => {
    const problems = await lint({ ref: fileURLToPath(specUrl(name)), config: await lintConfig() });
    const accepted = acceptedWarnings.filter((a) => a.spec === name);
    const unaccepted = problems.filter((p) => p.severity === 'error' || !accepted.some((a) => a.ruleId === p.ruleId && a.pointer === p.location[0]?.pointer));
    expect(shown(unaccepted)).toEqual([]);
    // An accepted warning that no longer occurs is stale: drop it.
    for (const a of accepted) expect(problems.some((p) => p.ruleId === a.ruleId && p.location[0]?.pointer === a.pointer), `${a.ruleId} ${a.pointer}`).toBe(true);
  });

  test('catches what it is there for: an example that breaks its schema, a $ref to nothing', async () => {
    const text = readFileSync(specUrl('meeting-platform'), 'utf8');
    const broken = text.replace('                page_size: 30\n', '                page_size: thirty\n').replace("$ref: '#/components/schemas/User'", "$ref: '#/components/schemas/Person'");
    expect(broken).not.toBe(text);
    const problems = await lintFromString({ source: broken, absoluteRef: fileURLToPath(specUrl('meeting-platform')), config: await lintConfig() });
    expect(problems.filter((p) => p.severity === 'error').map((p) => p.ruleId).sort()).toEqual(['no-invalid-media-type-examples', 'no-unresolved-refs']);
  });
});

/** Every key starting with "x-" anywhere in a document, with where it is. */
function extensionsIn(value: unknown, at = '#'): Array<{ key: string; at: string }> {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => [...(k.startsWith('x-') ? [{ key: k, at }] : []), ...extensionsIn(v, `${at}/${k}`)]);
}

describe('x-conform-* extensions', () => {
  test('are only those the project reads, each saying what no standard keyword contradicts', () => {
    const found = specNames.flatMap((name) => extensionsIn(parse(readFileSync(specUrl(name), 'utf8'))).map((e) => e.key));
    // x-conform-cap: src/openapi (compileSpec, validateRequest, generatedValueSchema) and the meeting
    // mock; x-conform-each: src/openapi/links.ts; x-conform-encoding: the meeting suite's fuzz binding.
    expect([...new Set(found)].sort()).toEqual(['x-conform-cap', 'x-conform-each', 'x-conform-encoding']);
    for (const name of specNames) {
      for (const operation of loadSpec(name).operations) {
        for (const p of operation.parameters.filter((q) => q.cap !== undefined)) {
          // A maximum would make a tool expect a refusal where the service serves the cap.
          expect(p.schema.maximum, `${operation.operationId} ${p.name}`).toBeUndefined();
        }
      }
    }
    const pageSize = loadSpec('meeting-platform').operation('listMeetings').parameters.find((p) => p.name === 'page_size')!;
    expect(pageSize.cap).toBe(300);
  });
});

type Operations = Awaited<ReturnType<typeof getHttpOperationsFromSpec>>;
type Operation = Operations[number];

/** One exchange as Prism's validator takes it: the request as sent, the answer as received. */
interface Exchange {
  operation: Operation;
  request: IHttpRequest & { url: { query?: Record<string, string> }; headers: Record<string, string> };
  response: IHttpResponse;
}

const messages = (result: ReturnType<typeof validateInput> | ReturnType<typeof validateOutput>) => (result._tag === 'Left' ? result.left.map((d) => d.message) : []);

async function exchange(operations: Operations, operationId: string, base: string, request: Exchange['request']): Promise<Exchange> {
  const operation = operations.find((o) => o.iid === operationId)!;
  const query = new URLSearchParams(request.url.query ?? {}).toString();
  const body = typeof request.body === 'string' ? request.body : request.body === undefined ? undefined : JSON.stringify(request.body);
  const answer = await fetch(`${base}${request.url.path}${query ? `?${query}` : ''}`, { method: request.method.toUpperCase(), headers: request.headers, ...(body !== undefined && { body }) });
  const text = await answer.text();
  const response = { statusCode: answer.status, headers: Object.fromEntries(answer.headers), body: answer.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as unknown) : text };
  return { operation, request, response };
}

/** What Prism says of an exchange: the request's violations, then the response's (none for a conforming one). */
function prismReading(x: Exchange): { request: string[]; response: string[] } {
  return { request: messages(validateInput({ resource: x.operation, element: x.request })), response: messages(validateOutput({ resource: x.operation, element: x.response })) };
}

describe("Prism's validator takes the meeting mock, a correct platform, for one", () => {
  let server: MeetingPlatformServer;
  let operations: Operations;
  let token = '';
  beforeAll(async () => {
    [server, operations] = await Promise.all([startMeetingPlatformServer(), getHttpOperationsFromSpec(fileURLToPath(specUrl('meeting-platform')))]);
  });
  afterAll(() => server?.close());

  const api = (operationId: string, path: string, query?: Record<string, string>) =>
    exchange(operations, operationId, server.url, { method: 'get', url: { path, ...(query && { query }) }, headers: { authorization: `Bearer ${token}` } });

  test('the token, the current user and a meeting by id and by UUID', async () => {
    const account = server.accounts[0]!;
    const form = { authorization: `Basic ${Buffer.from(`${account.clientId}:${account.clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' };
    const issued = await exchange(operations, 'requestAccessToken', server.url, { method: 'post', url: { path: '/oauth/token' }, headers: form, body: `grant_type=account_credentials&account_id=${encodeURIComponent(account.accountId)}` });
    expect(issued.response.statusCode).toBe(200);
    expect(prismReading(issued)).toEqual({ request: [], response: [] });
    token = (issued.response.body as { access_token: string }).access_token;

    const me = await api('getCurrentUser', '/v2/users/me');
    expect(me.response.statusCode).toBe(200);
    expect(prismReading(me)).toEqual({ request: [], response: [] });

    const list = await api('listMeetings', '/v2/users/me/meetings');
    const [meeting] = (list.response.body as { meetings: Array<{ id: number; uuid: string }> }).meetings;
    for (const id of [String(meeting!.id), meeting!.uuid]) {
      const one = await api('getMeeting', `/v2/meetings/${encodeMeetingId(id)}`);
      expect(one.response.statusCode, id).toBe(200);
      expect(prismReading(one).response, id).toEqual([]);
    }
  });

  test('page_size past 300 is a valid request, served 300 a page: the cap lives in x-conform-cap, not in a maximum', async () => {
    for (const pageSize of ['1', '30', '300', '301', '1000', '1000000']) {
      const page = await api('listMeetings', '/v2/users/me/meetings', { page_size: pageSize, type: 'scheduled' });
      expect(page.response.statusCode, pageSize).toBe(200);
      expect((page.response.body as { page_size: number }).page_size).toBe(Math.min(Number(pageSize), 300));
      expect(prismReading(page), pageSize).toEqual({ request: [], response: [] });
    }
    // The validator is no rubber stamp: a page that says it holds more than the platform serves is wrong.
    const page = await api('listMeetings', '/v2/users/me/meetings', { page_size: '1000' });
    expect(prismReading({ ...page, response: { ...page.response, body: { ...(page.response.body as object), page_size: 1000 } } }).response).toEqual(['Response body property page_size must be <= 300']);
  });

  test('what the platform refuses, the spec refuses too, with a documented answer', async () => {
    for (const query of [{ page_size: '0' }, { page_size: 'abc' }, { type: 'conform-not-listed' }] as Array<Record<string, string>>) {
      const refused = await api('listMeetings', '/v2/users/me/meetings', query);
      expect(refused.response.statusCode, JSON.stringify(query)).toBe(400);
      const reading = prismReading(refused);
      expect(reading.request.length, JSON.stringify(query)).toBeGreaterThan(0);
      expect(reading.response, JSON.stringify(query)).toEqual([]);
    }
  });
});

describe("Prism's validator takes the fetch-service mock, a correct service, for one", () => {
  const key = 'conform-spec-test-key';
  let server: FetchServiceMockServer;
  let operations: Operations;
  beforeAll(async () => {
    [server, operations] = await Promise.all([startFetchServiceMock({ apiKeys: [key] }), getHttpOperationsFromSpec(fileURLToPath(specUrl('fetch-service')))]);
  });
  afterAll(() => server?.close());

  const fetchPage = (body: unknown) =>
    exchange(operations, 'fetchPage', server.url, { method: 'post', url: { path: '/v1/fetch' }, headers: { 'content-type': 'application/json', 'x-svc-api-key': key }, body });

  test('fetches, with and without redirects, and the 400 for a url that is no URI', async () => {
    for (const body of [{ url: `${virtualFarm.httpUrl}/page/shift_jis` }, { url: `${virtualFarm.httpUrl}/redirect/chain/2`, allowRedirects: true, allowInsecureSsl: false, proxies: false }]) {
      const fetched = await fetchPage(body);
      expect(fetched.response.statusCode, body.url).toBe(200);
      expect(prismReading(fetched), body.url).toEqual({ request: [], response: [] });
    }
    const refused = await fetchPage({ url: 'not a uri' });
    expect(refused.response.statusCode).toBe(400);
    expect(prismReading(refused)).toEqual({ request: ['Request body property url must match format "uri"'], response: [] });
  });
});
