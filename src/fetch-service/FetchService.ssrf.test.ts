import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startCanary, type Canary } from '../harness/suite-api/startCanary.ts';
import { startLocalOrigin, type LocalOrigin } from '../testing/localOrigin.ts';
import { startWalledFetchService, type WalledFetchService } from '../testing/startWalledFetchService.ts';

// SSRF protection (FS-SSRF, FS-INSECURE-PRIVATE). Every refused URL below points at the canary or at an
// address outside loopback; the canary must see no connection and the wall no attempt: refusal happens
// before connect. "public.test" resolves to a public address that the wall serves from a local origin.
const PUBLIC = '93.184.216.34';

let canary: Canary;
let origin: LocalOrigin;
let svc: WalledFetchService;

beforeAll(async () => {
  canary = await startCanary();
  origin = await startLocalOrigin((req, res) => {
    const url = new URL(req.url ?? '/', 'http://origin');
    if (url.pathname === '/to') {
      res.writeHead(302, { location: url.searchParams.get('u') ?? '/' });
      return void res.end();
    }
    // Closing each connection makes every fetch connect, and so resolve, anew.
    res.writeHead(200, { 'content-type': 'text/plain', connection: 'close' });
    res.end('public page');
  });
  svc = await startWalledFetchService({
    standIns: { [PUBLIC]: '127.0.0.1' },
    hosts: {
      'public.test': PUBLIC,
      'metadata.google.internal': '169.254.169.254',
      'internal.test': '10.0.0.5',
      'loop.test': '127.0.0.1',
      'v6loop.test': '::1',
      'mapped.test': '::ffff:127.0.0.1',
      'mixed.test': [PUBLIC, '127.0.0.1'],
      'rebind.test': (call) => (call === 0 ? PUBLIC : '127.0.0.1'),
    },
  });
});

let canaryBefore = 0;
beforeEach(() => {
  canaryBefore = canary.connections;
});
afterEach(() => {
  expect(canary.connections - canaryBefore, 'the canary was connected to').toBe(0);
  svc.wall.assertNoViolations();
});

afterAll(async () => {
  await svc.close();
  await origin.close();
  await canary.close();
});

const C = () => canary.port;
const refusedUrls: Array<[string, () => string]> = [
  ['loopback', () => `http://127.0.0.1:${C()}/`],
  ['loopback, other /8 address', () => `http://127.8.9.10:${C()}/`],
  ['loopback short form', () => `http://127.1:${C()}/`],
  ['loopback octal', () => `http://0177.0.0.1:${C()}/`],
  ['loopback hex parts', () => `http://0x7f.0.0.1:${C()}/`],
  ['loopback hex', () => `http://0x7f000001:${C()}/`],
  ['loopback decimal', () => `http://2130706433:${C()}/`],
  ['loopback octal whole', () => `http://017700000001:${C()}/`],
  ['loopback trailing dot', () => `http://127.0.0.1.:${C()}/`],
  ['unspecified 0', () => `http://0:${C()}/`],
  ['unspecified 0.0.0.0', () => `http://0.0.0.0:${C()}/`],
  ['IPv6 loopback', () => `http://[::1]:${C()}/`],
  ['IPv6 loopback long', () => `http://[0:0:0:0:0:0:0:1]:${C()}/`],
  ['IPv6 unspecified', () => `http://[::]:${C()}/`],
  ['IPv4-mapped loopback', () => `http://[::ffff:127.0.0.1]:${C()}/`],
  ['IPv4-mapped loopback hex', () => `http://[::ffff:7f00:1]:${C()}/`],
  ['IPv4-compatible loopback', () => `http://[::127.0.0.1]:${C()}/`],
  ['SIIT loopback', () => `http://[::ffff:0:127.0.0.1]:${C()}/`],
  ['NAT64 loopback', () => `http://[64:ff9b::127.0.0.1]:${C()}/`],
  ['6to4 loopback', () => `http://[2002:7f00:1::1]:${C()}/`],
  ['localhost', () => `http://localhost:${C()}/`],
  ['localhost uppercase', () => `http://LOCALHOST:${C()}/`],
  ['localhost trailing dot', () => `http://localhost.:${C()}/`],
  ['*.localhost', () => `http://app.localhost:${C()}/`],
  ['name resolving to loopback', () => `http://loop.test:${C()}/`],
  ['name resolving to IPv6 loopback', () => `http://v6loop.test:${C()}/`],
  ['name resolving to mapped loopback', () => `http://mapped.test:${C()}/`],
  ['name resolving to public and loopback', () => `http://mixed.test:${C()}/`],
  ['metadata', () => 'http://169.254.169.254/latest/meta-data/'],
  ['metadata on the canary port', () => `http://169.254.169.254:${C()}/`],
  ['metadata decimal', () => 'http://2852039166/'],
  ['metadata hex', () => 'http://0xa9fea9fe/'],
  ['metadata hex parts', () => 'http://0xA9.0xFE.0xA9.0xFE/'],
  ['metadata octal', () => 'http://0251.0376.0251.0376/'],
  ['metadata mixed', () => 'http://0251.254.169.254/'],
  ['metadata short form', () => 'http://169.254.43518/'],
  ['metadata shorter form', () => 'http://169.16689662/'],
  ['metadata IPv4-mapped', () => 'http://[::ffff:169.254.169.254]/'],
  ['metadata IPv4-mapped hex', () => 'http://[::ffff:a9fe:a9fe]/'],
  ['metadata NAT64', () => 'http://[64:ff9b::a9fe:a9fe]/'],
  ['metadata NAT64 dotted', () => 'http://[64:ff9b::169.254.169.254]/'],
  ['metadata 6to4', () => 'http://[2002:a9fe:a9fe::]/'],
  ['metadata AWS IPv6', () => 'http://[fd00:ec2::254]/'],
  ['metadata by name', () => 'http://metadata.google.internal/computeMetadata/v1/'],
  ['private 10/8', () => 'http://10.0.0.1/'],
  ['private 172.16/12', () => 'http://172.16.0.1/'],
  ['private 172.31', () => 'http://172.31.255.255/'],
  ['private 192.168/16', () => 'http://192.168.1.1/'],
  ['private by name', () => 'http://internal.test/'],
  ['private IPv4-mapped', () => 'http://[::ffff:10.0.0.1]/'],
  ['private 6to4', () => 'http://[2002:a00:1::]/'],
  ['CGNAT', () => 'http://100.64.0.1/'],
  ['benchmarking', () => 'http://198.18.0.1/'],
  ['documentation', () => 'http://192.0.2.1/'],
  ['multicast', () => 'http://224.0.0.1/'],
  ['multicast SSDP', () => 'http://239.255.255.250/'],
  ['broadcast', () => 'http://255.255.255.255/'],
  ['reserved 240/4', () => 'http://240.0.0.1/'],
  ['IPv6 link-local', () => 'http://[fe80::1]/'],
  ['IPv6 unique-local', () => 'http://[fc00::1]/'],
  ['IPv6 unique-local fd', () => 'http://[fd12:3456::1]/'],
  ['IPv6 multicast', () => 'http://[ff02::1]/'],
  ['IPv6 documentation', () => 'http://[2001:db8::1]/'],
  ['IPv6 Teredo', () => 'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/'],
  ['NAT64 local-use', () => 'http://[64:ff9b:1::a00:1]/'],
  ['bad port (SMTP) on a public host', () => 'http://public.test:25/'],
];

describe('destinations refused before any connection (FS-SSRF)', () => {
  test.each(refusedUrls)('%s', async (_name, url) => {
    const reply = await svc.call({ url: url() });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'The destination is not permitted.' });
  });

  test.each(refusedUrls.filter(([name]) => !name.startsWith('bad port')))('%s, as a redirect target', async (_name, url) => {
    const from = `${origin.urlFor('public.test')}/to?u=${encodeURIComponent(url())}`;
    const reply = await svc.call({ url: from, allowRedirects: true });
    expect(reply.status).toBe(403);
  });

  test('a redirect to another scheme or to credentials is refused', async () => {
    for (const target of ['file:///etc/passwd', 'ftp://public.test/', `http://u:p@public.test:${origin.port}/`]) {
      const reply = await svc.call({ url: `${origin.urlFor('public.test')}/to?u=${encodeURIComponent(target)}`, allowRedirects: true });
      expect(reply.status, target).toBe(403);
    }
  });

  test('without allowRedirects the redirect to a private target is merely reported', async () => {
    const reply = await svc.call({ url: `${origin.urlFor('public.test')}/to?u=${encodeURIComponent('http://169.254.169.254/')}` });
    expect(reply.body).toMatchObject({ statusCode: 302, headers: { location: 'http://169.254.169.254/' } });
  });

  test('refusals do not echo resolved addresses', async () => {
    for (const url of ['http://internal.test/', 'http://metadata.google.internal/', `http://loop.test:${C()}/`]) {
      const reply = await svc.call({ url });
      expect(reply.text).not.toMatch(/10\.0\.0\.5|169\.254|127\.0\.0\.1/);
    }
  });

  test('a public destination is fetched (the stand-in proves the path works)', async () => {
    const reply = await svc.call({ url: `${origin.urlFor('public.test')}/page` });
    expect(reply.body).toMatchObject({ statusCode: 200, content: 'public page' });
    expect(svc.wall.dialled).toContain(`127.0.0.1:${origin.port}`);
  });
});

describe('DNS rebinding', () => {
  test('every connection checks the answer it dials: a name that turns private is refused', async () => {
    const url = `${origin.urlFor('rebind.test')}/page`;
    const first = await svc.call({ url });
    expect(first.body.statusCode).toBe(200);
    const second = await svc.call({ url });
    expect(second.status).toBe(403);
    expect(svc.resolver.queries.filter((q) => q === 'rebind.test')).toHaveLength(2);
  });
});

describe('allowInsecureSsl for local destinations (FS-INSECURE-PRIVATE)', () => {
  test.each([
    ['loopback literal', () => `https://127.0.0.1:${C()}/`],
    ['IPv6 loopback', () => `https://[::1]:${C()}/`],
    ['localhost', () => `https://localhost:${C()}/`],
    ['private literal', () => 'https://192.168.0.10/'],
    ['link-local', () => 'https://169.254.1.1/'],
    ['metadata', () => 'https://169.254.169.254/'],
    ['metadata by name', () => 'https://metadata.google.internal/'],
    ['name resolving to private', () => 'https://internal.test/'],
    ['name resolving to loopback', () => `https://loop.test:${C()}/`],
  ])('%s is refused with 400', async (_name, url) => {
    const reply = await svc.call({ url: url(), allowInsecureSsl: true });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/allowInsecureSsl must not be used/);
  });
});
