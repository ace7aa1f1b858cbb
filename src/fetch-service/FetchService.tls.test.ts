import type { RequestListener } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createTestCertificates } from '../testing/createTestCertificates.ts';
import { startLocalOrigin, type LocalOrigin } from '../testing/localOrigin.ts';
import { startWalledFetchService, type WalledFetchService } from '../testing/startWalledFetchService.ts';

// TLS (FS-TLS-DEFAULT, FS-502-TLS, FS-TLS-INSECURE) against HTTPS origins on 127.0.0.1 with certificates
// made for the test: one issued by a test CA the service trusts, one self-signed.
const PUBLIC = '93.184.216.34';
const hello: RequestListener = (_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('secure hello');
};

let issuedOrigin: LocalOrigin;
let selfSignedOrigin: LocalOrigin;
let svc: WalledFetchService;
let untrusting: WalledFetchService;

beforeAll(async () => {
  const certs = await createTestCertificates(['tls.test', 'public.test']);
  issuedOrigin = await startLocalOrigin(hello, { tls: certs.issued });
  selfSignedOrigin = await startLocalOrigin(hello, { tls: certs.selfSigned });
  const common = {
    hosts: { 'tls.test': '127.0.0.1', 'other.test': '127.0.0.1', 'public.test': PUBLIC },
    standIns: { [PUBLIC]: '127.0.0.1' },
    allowHosts: ['tls.test', 'other.test', `127.0.0.1:${selfSignedOrigin.port}`],
  };
  svc = await startWalledFetchService({ ...common, trustedCa: [certs.ca] });
  untrusting = await startWalledFetchService(common);
});

afterEach(() => {
  svc.wall.assertNoViolations();
  untrusting.wall.assertNoViolations();
});

afterAll(async () => {
  await Promise.all([svc.close(), untrusting.close()]);
  await Promise.all([issuedOrigin.close(), selfSignedOrigin.close()]);
});

describe('verification on by default (FS-TLS-DEFAULT)', () => {
  test('a certificate that verifies is fetched', async () => {
    const reply = await svc.call({ url: `${issuedOrigin.urlFor('tls.test')}/` });
    expect(reply.body).toMatchObject({ statusCode: 200, content: 'secure hello' });
  });

  test('a self-signed certificate gets 502 with guidance (FS-502-TLS)', async () => {
    const reply = await svc.call({ url: `${selfSignedOrigin.url}/` });
    expect(reply.status).toBe(502);
    expect(reply.body).toEqual({ statusCode: 502, error: 'Bad Gateway', message: expect.stringContaining('allowInsecureSsl') });
  });

  test('allowInsecureSsl false behaves as omitted', async () => {
    const reply = await svc.call({ url: `${selfSignedOrigin.url}/`, allowInsecureSsl: false });
    expect(reply.status).toBe(502);
  });

  test('a certificate for another name gets 502', async () => {
    const reply = await svc.call({ url: `${issuedOrigin.urlFor('other.test')}/` });
    expect(reply.status).toBe(502);
    expect(reply.body.message).toContain('TLS certificate verification failed');
  });

  test('a certificate from a CA the service does not trust gets 502', async () => {
    const reply = await untrusting.call({ url: `${issuedOrigin.urlFor('tls.test')}/` });
    expect(reply.status).toBe(502);
  });
});

describe('allowInsecureSsl (FS-TLS-INSECURE)', () => {
  test('a self-signed host the operator allowlisted is fetched', async () => {
    const reply = await svc.call({ url: `${selfSignedOrigin.url}/`, allowInsecureSsl: true });
    expect(reply.body).toMatchObject({ statusCode: 200, content: 'secure hello' });
  });

  test('a public host with a self-signed certificate is fetched', async () => {
    const reply = await svc.call({ url: `${selfSignedOrigin.urlFor('public.test')}/`, allowInsecureSsl: true });
    expect(reply.body).toMatchObject({ statusCode: 200, content: 'secure hello' });
  });

  test('an unverified connection is never reused for a verifying request', async () => {
    expect((await svc.call({ url: `${selfSignedOrigin.url}/`, allowInsecureSsl: true })).status).toBe(200);
    expect((await svc.call({ url: `${selfSignedOrigin.url}/` })).status).toBe(502);
  });
});
