import { connect } from 'node:tls';
import { expect, test } from 'vitest';
import { createTestCertificates } from './createTestCertificates.ts';
import { startLocalOrigin } from './localOrigin.ts';

function handshake(port: number, servername: string, ca: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, servername, ca: [ca], rejectUnauthorized: false }, () => {
      const error = socket.authorizationError;
      socket.destroy();
      resolve(error ? String((error as Error & { code?: string }).code ?? error) : undefined);
    });
    socket.on('error', (err) => resolve(err.message));
  });
}

test('the issued certificate verifies against the CA for its names; the self-signed one never does', async () => {
  const certs = await createTestCertificates(['farm.test']);
  const issued = await startLocalOrigin((_req, res) => res.end(), { tls: certs.issued });
  const selfSigned = await startLocalOrigin((_req, res) => res.end(), { tls: certs.selfSigned });
  expect(await handshake(issued.port, 'farm.test', certs.ca)).toBeUndefined();
  expect(await handshake(selfSigned.port, 'farm.test', certs.ca)).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
  await issued.close();
  await selfSigned.close();
});
