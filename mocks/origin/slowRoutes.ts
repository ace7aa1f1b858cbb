import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FarmRoute } from './FarmRoute.ts';
import { queryInteger } from './queryInteger.ts';
import { sendText } from './sendBody.ts';

/** Past the spec's fixed 60-second fetch timeout, so the default already outlasts a conforming service. */
export const defaultSlowMs = 65_000;

/** A drip of a '.' a second, 90 times: 90 s in all, past the same timeout. */
export const defaultDrip = { ms: 1000, chunks: 90 } as const;

const maxMs = 10 * 60_000;

/**
 * Waits `ms` unless the client goes away first; true when the response is still worth writing. Tied to
 * the response's close so an abandoned slow request leaves no timer behind (and close() is not held up).
 */
async function waitWhileOpen(res: ServerResponse, ms: number): Promise<boolean> {
  if (res.destroyed) return false;
  const gone = new AbortController();
  const onClose = (): void => gone.abort();
  res.once('close', onClose);
  try {
    await sleep(ms, undefined, { signal: gone.signal });
    return !res.destroyed;
  } catch {
    return false;
  } finally {
    res.off('close', onClose);
  }
}

export const slowRoutes: readonly FarmRoute[] = [
  {
    path: '/slow/headers',
    query: 'ms=N',
    summary: `sends nothing for N ms (default ${defaultSlowMs}), then a small 200 text`,
    async handle({ res, url }) {
      const ms = queryInteger(url, 'ms', { fallback: defaultSlowMs, min: 0, max: maxMs });
      if (await waitWhileOpen(res, ms)) sendText(res, 200, `answered after ${ms} ms\n`);
    },
  },
  {
    path: '/slow/drip',
    query: 'ms=N&chunks=K',
    summary:
      `sends 200 headers at once, then a '.' chunk every N ms (default ${defaultDrip.ms}), ` +
      `K times (default ${defaultDrip.chunks}), then a newline`,
    async handle({ res, url }) {
      const ms = queryInteger(url, 'ms', { fallback: defaultDrip.ms, min: 0, max: maxMs });
      const chunks = queryInteger(url, 'chunks', { fallback: defaultDrip.chunks, min: 1, max: 100_000 });
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.flushHeaders();
      for (let i = 0; i < chunks; i++) {
        if (!(await waitWhileOpen(res, ms))) return;
        res.write('.');
      }
      res.end('\n');
    },
  },
];
