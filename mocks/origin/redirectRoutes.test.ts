import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { describe, expect, test } from 'vitest';
import { originTable } from './originTable.ts';
import { defaultPrivateTarget, queryRedirectForms, redirectStatuses, type QueryRedirectForm } from './redirectRoutes.ts';
import { RequestLog } from './RequestLog.ts';
import { getRaw } from '../../src/testing/getRaw.ts';
import { useOriginFarm } from './fixtures/useOriginFarm.ts';

describe('redirectRoutes', () => {
  const farm = useOriginFarm();
  const get = (path: string) => getRaw(farm().httpUrl + path);

  /** Follows Locations by hand, resolving each against the URL it came from; stops at a non-3xx. */
  async function follow(path: string, maxHops = 20): Promise<{ hops: string[]; status: number | null }> {
    let url = farm().httpUrl + path;
    const hops: string[] = [];
    for (;;) {
      const r = await getRaw(url);
      if (!r.headers.location || hops.length === maxHops) return { hops, status: r.status };
      url = new URL(r.headers.location, url).href;
      hops.push(url.slice(farm().httpUrl.length));
    }
  }

  test('/redirect/chain/N: N hops keeping the query, then a 200 page', async () => {
    const probe = randomUUID();
    const { hops, status } = await follow(`/redirect/chain/3?probe=${probe}`);
    expect(hops).toEqual([2, 1, 0].map((n) => `/redirect/chain/${n}?probe=${probe}`));
    expect(status).toBe(200);
    expect(farm().requests(probe)).toHaveLength(4);
    expect((await get('/redirect/chain/1001')).status).toBe(400);
  });

  test('/redirect/loop/a and b point at each other for ever', async () => {
    const { hops, status } = await follow('/redirect/loop/a?x=1', 5);
    expect(hops).toEqual(['b', 'a', 'b', 'a', 'b'].map((side) => `/redirect/loop/${side}?x=1`));
    expect(status).toBe(302);
    expect((await get('/redirect/loop/c')).status).toBe(400);
  });

  test('/redirect/relative sends a relative reference that resolves to /small', async () => {
    const r = await get('/redirect/relative?x=1');
    expect(r.headers.location).toBe('../small?x=1');
    expect(await follow('/redirect/relative')).toEqual({ hops: ['/small'], status: 200 });
  });

  test('/redirect/absolute sends an absolute URL on the listener that answered', async () => {
    expect((await get('/redirect/absolute?x=1')).headers.location).toBe(`${farm().httpUrl}/small?x=1`);
    const overTls = await getRaw(`${farm().httpsUrl}/redirect/absolute`, { ca: farm().ca });
    expect(overTls.headers.location).toBe(`${farm().httpsUrl}/small`);
  });

  test.each(redirectStatuses)('/redirect/status/%i redirects to /small with that status', async (code) => {
    const r = await get(`/redirect/status/${code}?probe=p`);
    expect(r.status).toBe(code);
    expect(r.headers.location).toBe('/small?probe=p');
  });

  test('/redirect/status refuses non-redirect codes', async () => {
    for (const code of ['200', '300', '304', '399']) expect((await get(`/redirect/status/${code}`)).status).toBe(400);
  });

  test('/redirect/to defaults to a loopback address that is not the farm', async () => {
    const r = await get('/redirect/to');
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe(defaultPrivateTarget);
    const target = new URL(defaultPrivateTarget);
    expect(isIP(target.hostname)).toBe(4);
    expect(target.hostname.startsWith('127.')).toBe(true);
    expect(target.hostname).not.toBe('127.0.0.1');
  });

  test('/redirect/to?url=...&status=... aims anywhere (a canary) with any redirect status', async () => {
    const canary = 'http://127.0.0.1:9/canary?probe=c';
    const r = await get(`/redirect/to?url=${encodeURIComponent(canary)}&status=307`);
    expect(r.status).toBe(307);
    expect(r.headers.location).toBe(canary);
    expect((await get('/redirect/to?url=not-a-url')).status).toBe(400);
    expect((await get('/redirect/to?status=200')).status).toBe(400);
  });

  test('/redirect/to takes a relative reference starting with "/" or "." and sends it as is', async () => {
    for (const relative of ['/page/utf-8?x=1', '../page/utf-8', './small']) {
      const r = await get(`/redirect/to?url=${encodeURIComponent(relative)}&status=308`);
      expect(r.status).toBe(308);
      expect(r.headers.location).toBe(relative);
    }
    expect(await follow(`/redirect/to?url=${encodeURIComponent('../page/utf-8')}`)).toEqual({ hops: ['/page/utf-8'], status: 200 });
    expect((await get(`/redirect/to?url=${encodeURIComponent('page/utf-8')}`)).status).toBe(400);
  });

  test('/redirect/to?ms=N redirects after N ms, and says so to a client that plans a deadline', async () => {
    const r = await get(`/redirect/to?url=${encodeURIComponent('/small')}&ms=50`);
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('/small');
    expect(originTable(farm(), new RequestLog()).plannedDelayMs(new URL(`${farm().httpUrl}/redirect/to?ms=1234`))).toBe(1234);
    expect((await get('/redirect/to?ms=soon')).status).toBe(400);
  });

  const query = 'probe=q&a=1&b=two%20words&c=%E2%9C%93&d=x%2Fy%3Fz%3D1%26w&e=&a=2&f=1+1&g=/p?q';
  test.each(Object.keys(queryRedirectForms) as QueryRedirectForm[])('/redirect/query/CODE?form=%s: a relative Location keeping the query as received, to a page that says what it was asked', async (form) => {
    for (const code of redirectStatuses) {
      const r = await get(`/redirect/query/${code}?form=${form}&${query}`);
      expect(r.status).toBe(code);
      expect(r.headers.location).toBe(`${queryRedirectForms[form]}?${query}`);
    }
    const { hops, status } = await follow(`/redirect/query/303?${query}&form=${form}`);
    const landing = form === 'query-only' ? `/redirect/query/303?${query}` : `/redirect/query/landed?${query}`;
    expect({ hops, status }).toEqual({ hops: [landing], status: 200 });
    expect((await get(landing)).body.toString()).toBe(`landed at ${landing}\n`);
    expect((await get('/redirect/query/200?form=path-absolute')).status).toBe(400);
    expect((await get('/redirect/query/302?form=sideways')).status).toBe(400);
  });
});
