import { randomUUID } from 'node:crypto';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestCertificates, type TestCertificates } from '../../src/testing/createTestCertificates.ts';
import { startOriginFarm, type OriginFarm } from './startOriginFarm.ts';
import { getRaw } from '../../src/testing/getRaw.ts';
import { useOriginFarm } from './fixtures/useOriginFarm.ts';

describe('startOriginFarm', () => {
  const farm = useOriginFarm();
  const listeners = () => {
    const { httpUrl, httpsUrl, expiredTlsUrl, wrongHostTlsUrl } = farm();
    return { http: httpUrl, https: httpsUrl, 'expired-tls': expiredTlsUrl, 'wrong-host-tls': wrongHostTlsUrl };
  };

  test('four listeners on 127.0.0.1, distinct ports; /__farm/info lists them and the CA', async () => {
    const urls = Object.values(listeners());
    expect(urls.map((url) => new URL(url).protocol)).toEqual(['http:', 'https:', 'https:', 'https:']);
    expect(new Set(urls.map((url) => new URL(url).port)).size).toBe(4);
    for (const url of urls) expect(new URL(url).hostname).toBe('127.0.0.1');
    const response = await fetch(farm().infoUrl);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const { httpUrl, httpsUrl, expiredTlsUrl, wrongHostTlsUrl, infoUrl, ca } = farm();
    expect(await response.json()).toEqual({ httpUrl, httpsUrl, expiredTlsUrl, wrongHostTlsUrl, infoUrl, ca });
    expect(ca).toMatch(/^-----BEGIN CERTIFICATE-----/);
  });

  test('every listener serves the same routes and logs which listener took the request', async () => {
    const probe = randomUUID();
    const bodies = [];
    for (const url of Object.values(listeners())) {
      const r = await getRaw(`${url}/small?probe=${probe}`, { rejectUnauthorized: false });
      expect(r.status).toBe(200);
      bodies.push(r.body.toString());
    }
    expect(new Set(bodies).size).toBe(1);
    expect(farm().requests(probe).map((r) => r.listener)).toEqual(Object.keys(listeners()));
  });

  describe('TLS', () => {
    test('httpsUrl verifies against `ca`, for 127.0.0.1 and for the name localhost', async () => {
      expect((await getRaw(`${farm().httpsUrl}/small`, { ca: farm().ca })).status).toBe(200);
      expect((await getRaw(`${farm().httpsUrl}/small`, { ca: farm().ca, servername: 'localhost' })).status).toBe(200);
    });

    test('undici fetch trusting `ca` gets the page', async () => {
      const dispatcher = new Agent({ connect: { ca: farm().ca } });
      try {
        const response = await undiciFetch(`${farm().httpsUrl}/page/utf-8`, { dispatcher });
        expect(response.status).toBe(200);
        expect(await response.text()).toContain('Grüße');
      } finally {
        await dispatcher.close();
      }
    });

    test('without trusting `ca`, verification fails on httpsUrl', async () => {
      const r = await getRaw(`${farm().httpsUrl}/small`);
      expect(r.status).toBeNull();
      expect(r.error?.code).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
    });

    test('trusting `ca`, the expired and wrong-host listeners each fail for their one reason', async () => {
      const expired = await getRaw(`${farm().expiredTlsUrl}/small`, { ca: farm().ca });
      expect(expired.error?.code).toBe('CERT_HAS_EXPIRED');
      const wrongHost = await getRaw(`${farm().wrongHostTlsUrl}/small`, { ca: farm().ca });
      expect(wrongHost.error?.code).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
    });

    test('with verification off (rejectUnauthorized: false) both answer 200', async () => {
      for (const url of [farm().expiredTlsUrl, farm().wrongHostTlsUrl]) {
        expect((await getRaw(`${url}/small`, { rejectUnauthorized: false })).status).toBe(200);
      }
    });
  });

  describe('request log and probes', () => {
    test('a probed request is logged with method, path, headers, time and listener', async () => {
      const probe = randomUUID();
      const before = Date.now();
      await fetch(`${farm().httpUrl}/status/404?probe=${probe}`, { method: 'POST', headers: { 'X-Check': 'yes' }, body: 'x' });
      expect(farm().seen(probe)).toBe(true);
      const [logged, ...rest] = farm().requests(probe);
      expect(rest).toEqual([]);
      expect(logged).toMatchObject({ method: 'POST', path: `/status/404?probe=${probe}`, listener: 'http', probe });
      expect(logged!.headers['x-check']).toBe('yes');
      expect(Date.parse(logged!.time)).toBeGreaterThanOrEqual(before - 1000);
      expect(logged!.remoteAddress).toBe('127.0.0.1');
    });

    test('a token never sent is not seen, and unknown routes are logged too', async () => {
      const probe = randomUUID();
      expect(farm().seen(probe)).toBe(false);
      expect((await fetch(`${farm().httpUrl}/no/such/route?probe=${probe}`)).status).toBe(404);
      expect(farm().seen(probe)).toBe(true);
    });

    test('GET /__farm/requests?probe= returns the log entries, and asking does not count as a visit', async () => {
      const probe = randomUUID();
      const ask = async () => (await fetch(`${farm().httpUrl}/__farm/requests?probe=${probe}`)).json();
      expect(await ask()).toEqual([]);
      expect(farm().seen(probe)).toBe(false);
      await fetch(`${farm().httpUrl}/small?probe=${probe}`);
      expect(await ask()).toEqual(farm().requests(probe));
      expect(farm().requests(probe)).toHaveLength(1);
    });

    test('an entry says when its answer was ready, or when its client went away first', async () => {
      const answered = randomUUID();
      await (await fetch(`${farm().httpUrl}/small?probe=${answered}`)).text();
      const [page] = farm().requests(answered);
      expect(Date.parse(page!.answeredAt!)).toBeGreaterThanOrEqual(Date.parse(page!.time));
      expect(page!.hungUpAt).toBeUndefined();

      const gone = randomUUID();
      const leave = new AbortController();
      const held = fetch(`${farm().httpUrl}/slow/headers?ms=60000&probe=${gone}`, { signal: leave.signal }).catch(() => undefined);
      await expect.poll(() => farm().requests(gone)).toHaveLength(1);
      expect(farm().requests(gone)[0]!.hungUpAt).toBeUndefined();
      leave.abort();
      await held;
      await expect.poll(() => farm().requests(gone)[0]!.hungUpAt).toBeDefined();
      expect(farm().requests(gone)[0]!.answeredAt).toBeUndefined();
    });
  });

  test('HEAD gets the headers of a page without its body', async () => {
    const r = await getRaw(`${farm().httpUrl}/small`, { method: 'HEAD' });
    expect(r.status).toBe(200);
    expect(Number(r.headers['content-length'])).toBeGreaterThan(0);
    expect(r.length).toBe(0);
  });

  test('a bad parameter is 400 with the reason; an unknown path is 404', async () => {
    const bad = await fetch(`${farm().httpUrl}/slow/headers?ms=soon`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('ms must be an integer');
    expect((await fetch(`${farm().httpUrl}/smallish`)).status).toBe(404);
  });

  test('a port already taken rejects with EADDRINUSE', async () => {
    const port = Number(new URL(farm().httpUrl).port);
    await expect(startOriginFarm({ port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});

test('close() cuts hanging responses at once and frees the ports', async () => {
  const farm = await startOriginFarm();
  const hanging = getRaw(`${farm.httpsUrl}/slow/headers`, { ca: farm.ca });
  await expect.poll(() => farm.requests().length).toBe(1);
  // The slow route answers after 65 s: close() resolving within the test's time is what shows it cut it.
  await farm.close();
  expect((await hanging).error).not.toBeNull();
  expect((await getRaw(`${farm.httpUrl}/small`)).error?.code).toBe('ECONNREFUSED');
});

describe('a farm reached at public URLs other than where it listens', () => {
  const publicUrls = {
    http: 'http://origin.test:18081',
    https: 'https://tls.origin.test',
    'expired-tls': 'https://origin.test:18444',
    'wrong-host-tls': 'https://origin.test:18445',
  };
  const farm = useOriginFarm({ publicUrls });

  test('/__farm/info names the public URLs; `bound` the addresses it listens at', async () => {
    const info = (await (await fetch(`${farm().bound.http}/__farm/info`)).json()) as Record<string, string>;
    expect(info).toMatchObject({
      httpUrl: publicUrls.http,
      httpsUrl: publicUrls.https,
      expiredTlsUrl: publicUrls['expired-tls'],
      wrongHostTlsUrl: publicUrls['wrong-host-tls'],
      infoUrl: `${publicUrls.http}/__farm/info`,
    });
    expect(farm().httpUrl).toBe(publicUrls.http);
    for (const url of Object.values(farm().bound)) expect(new URL(url).hostname).toBe('127.0.0.1');
  });

  test("an absolute redirect names the listener's public URL, on every listener; a 404 points at the public routes", async () => {
    for (const [listener, url] of Object.entries(farm().bound) as Array<[keyof typeof publicUrls, string]>) {
      const r = await getRaw(`${url}/redirect/absolute?a=1`, { rejectUnauthorized: false });
      expect(r.headers.location, listener).toBe(`${publicUrls[listener]}/small?a=1`);
    }
    expect((await getRaw(`${farm().bound.http}/nowhere`)).body.toString()).toBe(`no route /nowhere: see ${publicUrls.http}/__farm/routes\n`);
  });

  test("the farm's own certificates cover the public host names", async () => {
    expect((await getRaw(`${farm().bound.https}/small`, { ca: farm().ca, servername: 'tls.origin.test' })).status).toBe(200);
    expect((await getRaw(`${farm().bound['expired-tls']}/small`, { ca: farm().ca, servername: 'origin.test' })).error?.code).toBe('CERT_HAS_EXPIRED');
    expect((await getRaw(`${farm().bound['wrong-host-tls']}/small`, { ca: farm().ca, servername: 'origin.test' })).error?.code).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
  });

  test('a public URL that is no base URL of its listener, or two listeners at one origin: refused before the farm starts', async () => {
    await expect(startOriginFarm({ publicUrls: { https: 'http://origin.test' } })).rejects.toThrow('must be https');
    await expect(startOriginFarm({ publicUrls: { http: 'http://origin.test', https: 'https://origin.test:8444', 'expired-tls': 'https://origin.test:8444' } })).rejects.toThrow(
      'would both be reached at https://origin.test:8444',
    );
  });
});

describe('a certificate the operator supplies for the valid-TLS listener', () => {
  let certs: TestCertificates;
  let farm: OriginFarm | undefined;
  beforeAll(async () => {
    certs = await createTestCertificates(['origin.test']);
    farm = await startOriginFarm({ certificate: certs.issued });
  });
  afterAll(() => farm?.close());

  test('is what httpsUrl presents: it verifies against its own CA, not the farm CA; the other listeners keep theirs', async () => {
    expect((await getRaw(`${farm!.httpsUrl}/small`, { ca: certs.ca, servername: 'origin.test' })).status).toBe(200);
    expect((await getRaw(`${farm!.httpsUrl}/small`, { ca: farm!.ca })).error?.code).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
    expect((await getRaw(`${farm!.expiredTlsUrl}/small`, { ca: farm!.ca })).error?.code).toBe('CERT_HAS_EXPIRED');
  });

  test('a key that does not match the certificate is refused before anything listens', async () => {
    await expect(startOriginFarm({ certificate: { cert: certs.issued.cert, key: certs.selfSigned.key } })).rejects.toThrow(/^the certificate and key cannot serve TLS: .*key values mismatch/);
  });
});
