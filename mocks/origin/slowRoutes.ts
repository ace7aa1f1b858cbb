import { textReply } from './FarmExchange.ts';
import type { FarmRoute } from './FarmRoute.ts';
import { queryInteger } from './queryInteger.ts';
import { waitWhileWanted } from './waitWhileWanted.ts';

/** Past the spec's fixed 60-second fetch timeout, so the default already outlasts a conforming service. */
export const defaultSlowMs = 65_000;

/** A drip of a '.' a second, 90 times: 90 s in all, past the same timeout. */
export const defaultDrip = { ms: 1000, chunks: 90 } as const;

export const maxMs = 10 * 60_000;
const maxChunks = 100_000;
const dot = Buffer.from('.');
const newline = Buffer.from('\n');

async function* drip(ms: number, chunks: number, signal: AbortSignal): AsyncGenerator<Buffer> {
  for (let i = 0; i < chunks; i++) {
    await waitWhileWanted(ms, signal);
    yield dot;
  }
  yield newline;
}

const slowMs = (url: URL): number => queryInteger(url, 'ms', { fallback: defaultSlowMs, min: 0, max: maxMs });
const dripMs = (url: URL): number => queryInteger(url, 'ms', { fallback: defaultDrip.ms, min: 0, max: maxMs });
const dripChunks = (url: URL): number => queryInteger(url, 'chunks', { fallback: defaultDrip.chunks, min: 1, max: maxChunks });

export const slowRoutes: readonly FarmRoute[] = [
  {
    path: '/slow/headers',
    query: 'ms=N',
    summary: `sends nothing for N ms (default ${defaultSlowMs}), then a small 200 text`,
    async answer({ url, signal }) {
      const ms = slowMs(url);
      await waitWhileWanted(ms, signal);
      return textReply(200, `answered after ${ms} ms\n`);
    },
    plannedDelayMs: slowMs,
  },
  {
    path: '/slow/drip',
    query: 'ms=N&chunks=K',
    summary:
      `sends 200 headers at once, then a '.' chunk every N ms (default ${defaultDrip.ms}), ` +
      `K times (default ${defaultDrip.chunks}), then a newline`,
    answer({ url, signal }) {
      const ms = dripMs(url);
      const chunks = dripChunks(url);
      return { status: 200, headers: [['Content-Type', 'text/plain; charset=utf-8']], stream: drip(ms, chunks, signal) };
    },
    plannedDelayMs: (url) => dripMs(url) * dripChunks(url),
  },
];
