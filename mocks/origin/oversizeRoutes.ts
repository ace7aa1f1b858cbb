import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FarmRoute } from './FarmRoute.ts';
import { gzipBomb, gzipBombInflatedBytes } from './gzipBomb.ts';
import { queryInteger } from './queryInteger.ts';
import { repeatBlock } from './repeatBlock.ts';
import { sendBody } from './sendBody.ts';

const GiB = 1024 ** 3;
export const defaultBigBytes = GiB;
const maxBigBytes = 64 * GiB;

/** One block of printable text, reused for every chunk of a big body: the body is generated, never held. */
const block = Buffer.from('conform origin farm: a body larger than any cap\n'.repeat(1400));

/**
 * Streams `total` bytes. pipeline() writes a chunk only when the socket has drained the last ones
 * (backpressure), and stops generating when the client goes away.
 */
async function streamBig(req: IncomingMessage, res: ServerResponse, total: number, chunked: boolean): Promise<void> {
  res.writeHead(200, {
    'Content-Type': 'text/plain; charset=utf-8',
    ...(chunked ? {} : { 'Content-Length': total }),
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  try {
    await pipeline(Readable.from(repeatBlock(block, total)), res);
  } catch {
    // The client stopped reading (a cap did its job): nothing is left to answer.
  }
}

export const oversizeRoutes: readonly FarmRoute[] = [
  {
    path: '/big',
    query: 'bytes=N&chunked=1',
    summary:
      `N bytes of text (default ${defaultBigBytes / GiB} GiB, at most ${maxBigBytes / GiB} GiB) generated as sent; ` +
      'Content-Length unless chunked=1',
    async handle({ req, res, url }) {
      const total = queryInteger(url, 'bytes', { fallback: defaultBigBytes, min: 0, max: maxBigBytes });
      await streamBig(req, res, total, url.searchParams.get('chunked') === '1');
    },
  },
  {
    path: '/gzip-bomb',
    summary: `Content-Encoding: gzip, about 130 KiB on the wire inflating to ${gzipBombInflatedBytes} bytes of zeros`,
    async handle({ res }) {
      const body = await gzipBomb();
      sendBody(
        res,
        200,
        { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip', 'X-Inflated-Length': gzipBombInflatedBytes },
        body,
      );
    },
  },
];
