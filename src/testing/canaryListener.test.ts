import { connect } from 'node:net';
import { expect, test } from 'vitest';
import { startCanary } from './canaryListener.ts';

test('counts each connection on every loopback address and hangs up', async () => {
  const canary = await startCanary();
  expect(canary.addresses).toContain('127.0.0.1');
  expect(canary.connections).toBe(0);
  for (const host of canary.addresses) {
    await new Promise<void>((resolve) => connect(canary.port, host).on('close', () => resolve()).on('error', () => resolve()));
  }
  await expect.poll(() => canary.connections).toBe(canary.addresses.length);
  await canary.close();
});
