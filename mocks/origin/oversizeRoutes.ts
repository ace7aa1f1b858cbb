import { bytesReply, type HeaderLines } from './FarmExchange.ts';
import type { FarmRoute } from './FarmRoute.ts';
import { gzipBomb, gzipBombInflatedBytes } from './gzipBomb.ts';
import { queryInteger } from './queryInteger.ts';
import { repeatBlock } from './repeatBlock.ts';

const GiB = 1024 ** 3;
export const defaultBigBytes = GiB;
const maxBigBytes = 64 * GiB;

/** One block of printable text, reused for every chunk of a big body: the body is generated, never held. */
const block = Buffer.from('conform origin farm: a body larger than any cap\n'.repeat(1400));

export const oversizeRoutes: readonly FarmRoute[] = [
  {
    path: '/big',
    query: 'bytes=N&chunked=1',
    summary:
      `N bytes of text (default ${defaultBigBytes / GiB} GiB, at most ${maxBigBytes / GiB} GiB) generated as sent; ` +
      'Content-Length unless chunked=1',
    answer({ request, url }) {
      const total = queryInteger(url, 'bytes', { fallback: defaultBigBytes, min: 0, max: maxBigBytes });
      const chunked = url.searchParams.get('chunked') === '1';
      const headers: HeaderLines = [['Content-Type', 'text/plain; charset=utf-8'], ...(chunked ? [] : [['Content-Length', String(total)] as const])];
      // Generated as the client reads it (backpressure), and not at all for HEAD.
      return request.method === 'HEAD' ? { status: 200, headers } : { status: 200, headers, stream: repeatBlock(block, total) };
    },
  },
  {
    path: '/gzip-bomb',
    summary: `Content-Encoding: gzip, about 130 KiB on the wire inflating to ${gzipBombInflatedBytes} bytes of zeros`,
    async answer() {
      const headers: HeaderLines = [['Content-Type', 'text/html'], ['Content-Encoding', 'gzip'], ['X-Inflated-Length', String(gzipBombInflatedBytes)]];
      return bytesReply(200, headers, await gzipBomb());
    },
  },
];
