import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { loadSpec } from './loadSpec.ts';
import { mutationSites, negativeRequests } from './negativeRequests.ts';
import { requestViolations } from './requestViolations.ts';

const mp = loadSpec('meeting-platform');
const fs = loadSpec('fetch-service');
const operations = [...mp.operations, fs.operation('fetchPage')];

describe('negativeRequests', () => {
  test.each(operations.map((o) => [o.operationId, o] as const))('%s: each request carries one named mutation; those that must be refused break the spec', (_id, operation) => {
    for (const request of fc.sample(negativeRequests(operation)!, { numRuns: 300, seed: 42 })) {
      const m = request.mutation!;
      expect(m.name).toBeTruthy();
      expect(m.detail).toBeTruthy();
      if (m.kind === 'refuse' && m.pointer !== '/credentials') expect(requestViolations(operation, request), `${m.name}: ${m.detail}`).not.toEqual([]);
      if (m.pointer === '/credentials') expect(request.credentials).not.toBe('valid');
    }
  });

  test('the fetch operation: the mutations the seed settles must be refused, the others are left open', () => {
    const sites = mutationSites(fs.operation('fetchPage')).map((s) => `${s.kind} ${s.name} ${s.pointer}`);
    expect(sites).toEqual(
      expect.arrayContaining([
        'refuse malformed JSON /body',
        'refuse required field missing /body/url',
        'refuse wrong type /body/url',
        'refuse format broken /body/url',
        'refuse wrong type /body/proxies',
        'open wrong content type /header/content-type',
        'refuse body missing /body',
        'refuse credentials missing /credentials',
        'open unknown field /body',
        'open repeated field /body',
        'open no content type /header/content-type',
        'open unknown query parameter /query',
      ]),
    );
  });

  test('the meeting list: a page_size past 300 or outside the enum is open, one that is no number must be refused', () => {
    const sites = mutationSites(mp.operation('listMeetings')).map((s) => `${s.kind} ${s.name} ${s.pointer}`);
    expect(sites).toEqual(
      expect.arrayContaining(['refuse wrong type /query/page_size', 'open out of range /query/page_size', 'open unusual number spelling /query/page_size', 'open not in enum /query/type', 'open repeated parameter /query', 'open empty value /query']),
    );
    const outOfRange = mutationSites(mp.operation('listMeetings')).find((s) => s.name === 'out of range' && s.pointer === '/query/page_size')!;
    const sizes = new Set(fc.sample(outOfRange.requests, { numRuns: 200, seed: 9 }).map((r) => r.query.find(([n]) => n === 'page_size')?.[1]));
    // Past the cap (x-conform-cap: 300; the schema itself sets no maximum), and below the minimum.
    expect([...sizes]).toEqual(expect.arrayContaining(['301', '300001', '0', '-999']));
    const token = mutationSites(mp.operation('requestAccessToken')).map((s) => `${s.kind} ${s.name} ${s.pointer}`);
    expect(token).toEqual(expect.arrayContaining(['refuse constant changed /body/grant_type', 'refuse required field missing /body/account_id', 'open wrong content type /header/content-type']));
  });

  test('a suite leaves open what its seed leaves open, and nothing else', () => {
    const leftOpen = [{ name: 'required field missing', pointer: '/body/account_id' }];
    const token = mutationSites(mp.operation('requestAccessToken'), { leftOpen }).map((s) => `${s.kind} ${s.name} ${s.pointer}`);
    expect(token).toEqual(expect.arrayContaining(['open required field missing /body/account_id', 'refuse required field missing /body/grant_type', 'refuse constant changed /body/grant_type']));
  });

  test('every mutation site is reached within a few hundred requests', () => {
    for (const operation of operations) {
      const names = new Set(mutationSites(operation).map((s) => `${s.name} ${s.pointer}`));
      const seen = new Set(fc.sample(negativeRequests(operation)!, { numRuns: 400, seed: 5 }).map((r) => `${r.mutation!.name} ${r.mutation!.pointer}`));
      expect([...names].filter((n) => !seen.has(n)), operation.operationId).toEqual([]);
    }
  });

  test('suite mutations replace the generic format values of their place', () => {
    const fetch = fs.operation('fetchPage');
    const sites = mutationSites(fetch, { mutations: [{ pointer: '/body/url', name: 'url not an absolute URI', kind: 'refuse', values: fc.constantFrom('not a url') }] });
    expect(sites.map((s) => s.name)).toContain('url not an absolute URI');
    expect(sites.map((s) => `${s.name} ${s.pointer}`)).not.toContain('format broken /body/url');
  });
});
