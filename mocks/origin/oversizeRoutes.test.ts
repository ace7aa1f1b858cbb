import { request } from 'node:http';
import { describe, expect, test } from 'vitest';
import { gzipBomb, gzipBombInflatedBytes } from './gzipBomb.ts';
import { defaultBigBytes } from './oversizeRoutes.ts';
import { getRaw } from '../../src/testing/getRaw.ts';
import { canReadProcessMemory, spawnOriginFarm } from './fixtures/spawnOriginFarm.ts';
import { useOriginFarm } from './fixtures/useOriginFarm.ts';

const MiB = 1024 * 1024;

/** Reads a body to the end, pausing once for `pauseMs` a quarter of the way in; resolves to its length. */
function readWithPause(url: string, pauseMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { agent: false }, (res) => {
      let bytes = 0;
      let paused = false;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (!paused && bytes > Number(res.headers['content-length']) / 4) {
          paused = true;
          res.pause();
          setTimeout(() => res.resume(), pauseMs);
        }
      });
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('oversizeRoutes', () => {
  const farm = useOriginFarm();

  test('the default big body is 1 GiB', () => {
    expect(defaultBigBytes).toBe(1024 * MiB);
  });

  test('/big?bytes=N: exactly N bytes of text with Content-Length N', async () => {
    const r = await getRaw(`${farm().httpUrl}/big?bytes=100001`);
    expect(r.headers['content-length']).toBe('100001');
    expect(r.body.length).toBe(100001);
    expect(r.body.toString('utf8', 0, 47)).toBe('conform origin farm: a body larger than any cap');
    expect((await getRaw(`${farm().httpUrl}/big?bytes=0`)).length).toBe(0);
  });

  test('/big?chunked=1: no Content-Length, only the stream tells the size', async () => {
    const r = await getRaw(`${farm().httpsUrl}/big?bytes=300000&chunked=1`, { ca: farm().ca, countOnly: true });
    expect(r.headers['content-length']).toBeUndefined();
    expect(r.headers['transfer-encoding']).toBe('chunked');
    expect(r.length).toBe(300000);
  });

  test.skipIf(!canReadProcessMemory)(
    '/big streams 128 MiB with backpressure: the farm\'s peak RSS stays far below the body, a paused client too',
    async () => {
      const spawned = await spawnOriginFarm();
      try {
        const size = 128 * MiB;
        await readWithPause(`${spawned.info.httpUrl}/big?bytes=${MiB}`, 0);
        const before = spawned.memory('VmRSS');
        // Had the farm buffered the body, or kept writing into memory during the pause, its peak would
        // rise by about the body size.
        expect(await readWithPause(`${spawned.info.httpUrl}/big?bytes=${size}`, 300)).toBe(size);
        expect(spawned.memory('VmHWM') - before).toBeLessThan(size / 4);
      } finally {
        await spawned.stop();
      }
    },
  );

  test('a client that goes away stops the stream (the farm keeps serving)', async () => {
    await new Promise<void>((resolve) => {
      const req = request(`${farm().httpUrl}/big`, { agent: false }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', () => {});
      req.end();
    });
    expect((await getRaw(`${farm().httpUrl}/small`)).status).toBe(200);
  });

  test('/gzip-bomb: small on the wire, and exactly the bomb that inflates past 100 MiB', async () => {
    const r = await getRaw(`${farm().httpUrl}/gzip-bomb`);
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
    expect(r.body.length).toBeLessThan(MiB);
    expect(Number(r.headers['x-inflated-length'])).toBe(gzipBombInflatedBytes);
    // gzipBomb.test.ts inflates it; here the farm computed it already, so this costs nothing.
    expect(r.body.equals(await gzipBomb())).toBe(true);
  });
});
