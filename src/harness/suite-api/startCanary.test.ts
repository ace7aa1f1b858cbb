import { connect } from 'node:net';
import { expect, test } from 'vitest';
import { startCanary } from './startCanary.ts';

test('counts each connection on every loopback address it has, and answers as a canary', async () => {
  const canary = await startCanary();
  expect(canary.addresses).toContain('127.0.0.1');
  expect(canary.connections).toBe(0);
  const answers: string[] = [];
  for (const host of canary.addresses) {
    await new Promise<void>((resolve) => {
      let text = '';
      const socket = connect(canary.port, host, () => socket.write('GET / HTTP/1.1\r\nhost: x\r\n\r\n'));
      socket.on('data', (d: Buffer) => (text += d.toString('utf8')));
      socket.on('close', () => (answers.push(text), resolve())).on('error', () => resolve());
    });
  }
  await expect.poll(() => canary.connections).toBe(canary.addresses.length);
  // Connection: close, so a keep-alive client is counted again on its next request.
  for (const text of answers) expect(text).toMatch(/^HTTP\/1\.1 200[\s\S]*canary: this request should never have been made/);
  await canary.close();
});
