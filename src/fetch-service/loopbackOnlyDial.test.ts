import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startCanary, type Canary } from '../harness/suite-api/startCanary.ts';
import { createLoopbackOnlyDial } from './loopbackOnlyDial.ts';
import { startLocalOrigin, type LocalOrigin } from '../testing/localOrigin.ts';

let canary: Canary;
let origin: LocalOrigin;

beforeAll(async () => {
  canary = await startCanary();
  origin = await startLocalOrigin((_req, res) => res.end('local'));
});
afterAll(async () => {
  await canary.close();
  await origin.close();
});

function dialOnce(wall: ReturnType<typeof createLoopbackOnlyDial>, hostname: string, port: number): Promise<void> {
  return new Promise((resolve, reject) =>
    wall.dial({})({ hostname, protocol: 'http:', port: String(port) }, (err, socket) => {
      socket?.destroy();
      return err ? reject(err) : resolve();
    }),
  );
}

describe('createLoopbackOnlyDial', () => {
  test.each(['93.184.216.34', '10.0.0.1', '169.254.169.254', '0.0.0.0', '::ffff:127.0.0.1', 'localhost', 'example.com'])(
    '%s is refused and recorded, not dialled',
    async (hostname) => {
      const wall = createLoopbackOnlyDial();
      await expect(dialOnce(wall, hostname, canary.port)).rejects.toMatchObject({ code: 'ELOOPBACKWALL' });
      expect(wall.violations).toEqual([`${hostname}:${canary.port}`]);
      expect(() => wall.assertNoViolations()).toThrow(/tried to leave loopback/);
      expect(wall.takeViolations()).toHaveLength(1);
      expect(() => wall.assertNoViolations()).not.toThrow();
    },
  );

  test('loopback addresses are dialled', async () => {
    const wall = createLoopbackOnlyDial();
    const before = canary.connections;
    for (const address of canary.addresses) await dialOnce(wall, address, canary.port);
    await expect.poll(() => canary.connections).toBe(before + canary.addresses.length);
    expect(wall.dialled[0]).toBe(`127.0.0.1:${canary.port}`);
    wall.assertNoViolations();
  });

  test('a stand-in public address is served from loopback', async () => {
    const wall = createLoopbackOnlyDial({ standIns: { '93.184.216.34': '127.0.0.1' } });
    const agent = wall.agent();
    const res = await agent.request({ origin: `http://93.184.216.34:${origin.port}`, path: '/', method: 'GET' });
    expect(await res.body.text()).toBe('local');
    expect(wall.dialled).toEqual([`127.0.0.1:${origin.port}`]);
    await agent.close();
  });

  test('a stand-in must itself be loopback', () => {
    expect(() => createLoopbackOnlyDial({ standIns: { '93.184.216.34': '10.0.0.1' } })).toThrow();
  });
});
