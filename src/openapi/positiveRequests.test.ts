import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { encodeRequest } from './encodeRequest.ts';
import { loadSpec } from './loadSpec.ts';
import { positiveRequests } from './positiveRequests.ts';
import { requestViolations } from './requestViolations.ts';

const mp = loadSpec('meeting-platform');
const fs = loadSpec('fetch-service');
const operations = [...mp.operations, fs.operation('fetchPage')];

describe('positiveRequests', () => {
  test.each(operations.map((o) => [o.operationId, o] as const))('%s: every request is valid by the spec', (_id, operation) => {
    for (const request of fc.sample(positiveRequests(operation), { numRuns: 200, seed: 42 })) {
      expect(requestViolations(operation, request), JSON.stringify(request)).toEqual([]);
      expect(request.mutation).toBeUndefined();
    }
  });

  test('optional parameters come absent and present; page_size reaches both bounds; text reaches the astral plane', () => {
    const list = mp.operation('listMeetings');
    const requests = fc.sample(positiveRequests(list), { numRuns: 300, seed: 1 });
    const sizes = requests.map((r) => r.query.find(([n]) => n === 'page_size')?.[1]);
    expect(sizes).toContain(undefined);
    expect(sizes).toContain('1');
    expect(sizes).toContain('300');
    // Past the cap a platform may serve 300 or refuse: no valid request goes there.
    expect(sizes.filter((s) => s !== undefined && Number(s) > 300)).toEqual([]);
    const tokens = requests.map((r) => r.query.find(([n]) => n === 'next_page_token')?.[1]).filter((t): t is string => t !== undefined);
    expect(tokens.some((t) => [...t].some((c) => c.codePointAt(0)! > 0xffff))).toBe(true);
    expect(tokens).toContain('');
    expect(tokens.some((t) => /[\u0590-\u06ff]/.test(t))).toBe(true);
  });

  test('a JSON body comes with and without a charset; suite values replace the schema’s', () => {
    const fetch = fs.operation('fetchPage');
    const requests = fc.sample(positiveRequests(fetch, { values: { '/body/url': fc.constant('http://origin.conform.invalid/small') } }), { numRuns: 100, seed: 3 });
    expect(new Set(requests.map((r) => r.body?.mediaType))).toEqual(new Set(['application/json', 'application/json; charset=utf-8']));
    expect(new Set(requests.map((r) => (r.body?.value as { url: string }).url))).toEqual(new Set(['http://origin.conform.invalid/small']));
    expect(requests.some((r) => !('allowRedirects' in (r.body?.value as object)))).toBe(true);
    expect(requests.some((r) => (r.body?.value as { allowRedirects?: boolean }).allowRedirects === true)).toBe(true);
  });

  test('path parameters go through the given encoder', () => {
    const get = mp.operation('getMeeting');
    const [request] = fc.sample(positiveRequests(get, { values: { '/path/meetingId': fc.constant('/ab+c==') } }), { numRuns: 1, seed: 1 });
    expect(encodeRequest(get, request!).path).toBe('/v2/meetings/%2Fab%2Bc%3D%3D');
    expect(encodeRequest(get, request!, (_n, v) => encodeURIComponent(encodeURIComponent(v))).path).toBe('/v2/meetings/%252Fab%252Bc%253D%253D');
  });

  test('the same seed makes the same requests', () => {
    const list = mp.operation('listMeetings');
    expect(fc.sample(positiveRequests(list), { numRuns: 20, seed: 9 })).toEqual(fc.sample(positiveRequests(list), { numRuns: 20, seed: 9 }));
  });
});
