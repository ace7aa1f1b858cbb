import { textReply, type BrokenConnection } from './FarmExchange.ts';
import type { FarmRoute } from './FarmRoute.ts';

/** What the broken responses promise in Content-Length, and the part of it they send before breaking. */
export const promisedLength = 65_536;
export const sentLength = 1024;

/** A response head and body as bytes on the connection, then the end given. */
function broken(head: string[], body: string, then: BrokenConnection['then']): BrokenConnection {
  return { raw: Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), Buffer.from(body)]), then };
}

function truncatedHead(): string[] {
  return ['HTTP/1.1 200 OK', 'Content-Type: text/plain; charset=utf-8', `Content-Length: ${promisedLength}`, 'Connection: close'];
}

const filler = (length: number): string => 'x'.repeat(length);

export const brokenConnectionRoutes: readonly FarmRoute[] = [
  {
    path: '/broken/reset',
    summary: `promises ${promisedLength} bytes, sends ${sentLength}, then resets the connection (TCP RST)`,
    answer: () => broken(truncatedHead(), filler(sentLength), 'reset'),
  },
  {
    path: '/broken/truncated',
    summary: `promises ${promisedLength} bytes, sends ${sentLength}, then closes the connection cleanly`,
    answer: () => broken(truncatedHead(), filler(sentLength), 'close'),
  },
  {
    path: '/broken/chunked',
    summary: 'Transfer-Encoding: chunked whose second chunk size is not hexadecimal',
    answer() {
      const head = ['HTTP/1.1 200 OK', 'Content-Type: text/plain; charset=utf-8', 'Transfer-Encoding: chunked', 'Connection: close'];
      return broken(head, '5\r\nhello\r\nzz\r\nnot a chunk\r\n0\r\n\r\n', 'close');
    },
  },
  {
    path: '/broken/gzip',
    summary: 'Content-Encoding: gzip over a body that is not gzip',
    answer: () => textReply(200, 'this is not gzip data\n', [['Content-Encoding', 'gzip']]),
  },
];
