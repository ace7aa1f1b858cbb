import { createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { expect, test } from 'vitest';
import { socketDial } from './dial.ts';

test('socketDial opens a real TCP connection (here to a loopback listener)', async () => {
  const server = createServer((s) => s.end('hi'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = String((server.address() as AddressInfo).port);
  const connector = socketDial(1_000)({ rejectUnauthorized: true });
  const socket = await new Promise<Socket>((resolve, reject) =>
    connector({ hostname: '127.0.0.1', protocol: 'http:', port }, (err, s) => (err ? reject(err) : resolve(s as Socket))),
  );
  const text = await new Promise<string>((resolve) => {
    let data = '';
    socket.on('data', (d) => (data += d.toString())).on('end', () => resolve(data));
  });
  expect(text).toBe('hi');
  socket.destroy();
  server.close();
});
