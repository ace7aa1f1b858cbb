import type { MockRequest } from '../MockExchange.ts';
import type { FarmListener } from './FarmListener.ts';

/**
 * A request as the farm's route table reads it: the mocks' MockRequest (its `body` always "": the farm
 * reads no request body) and what the request log keeps besides.
 */
export interface OriginRequest extends MockRequest {
  /** The request target as sent, path and query. */
  target: string;
  listener: FarmListener;
  /** The peer's address; "virtual" for a request answered in memory. */
  remoteAddress: string | null;
}

/** Header lines in the order sent, names as written, a repeated name once per line. */
export type HeaderLines = ReadonlyArray<readonly [string, string]>;

/** An answer of the farm: an HTTP response, or a connection it breaks. */
export type FarmReply = FarmResponse | BrokenConnection;

export interface FarmResponse {
  status: number;
  headers: HeaderLines;
  /** The whole body at once (none for a bodiless status, or when `stream` is given). */
  body?: Buffer;
  /**
   * A body generated as it is sent: the headers go out at once, then each chunk as it comes, at the pace
   * the client reads (a big body is never held). It stops when the client goes away.
   */
  stream?: Iterable<Buffer> | AsyncIterable<Buffer>;
}

/** Bytes written on the connection itself, which node:http would never send, and how it then ends. */
export interface BrokenConnection {
  raw: Buffer;
  /** "reset": a TCP RST once the bytes had time to arrive; "close": a clean close. */
  then: 'reset' | 'close';
}

/** The whole body with an exact Content-Length (HEAD gets the headers only: node:http drops the body). */
export function bytesReply(status: number, headers: HeaderLines, body: Buffer | string): FarmResponse {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return { status, headers: [...headers, ['Content-Length', String(bytes.length)]], body: bytes };
}

export function textReply(status: number, text: string, headers: HeaderLines = []): FarmResponse {
  return bytesReply(status, [['Content-Type', 'text/plain; charset=utf-8'], ...headers], text);
}

export function jsonReply(status: number, value: unknown): FarmResponse {
  return bytesReply(status, [['Content-Type', 'application/json; charset=utf-8']], `${JSON.stringify(value, null, 2)}\n`);
}
