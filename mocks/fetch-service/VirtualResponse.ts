import type { OutgoingHttpHeader, OutgoingHttpHeaders } from 'node:http';
import { Writable } from 'node:stream';

/** Why a virtual exchange ended without a complete response. */
export type VirtualBreak = 'too-large' | 'deadline' | 'broken';

/**
 * The part of node:http's ServerResponse the farm's routes use (writeHead in its object and raw-array
 * forms, setHeader, flushHeaders, write, end, pipeline into it, close events), kept in memory: the mock
 * runs the farm's own handlers without a socket. Bodies are capped as a fetch service would cap them: past
 * `maxBytes`, declared or written, the response is destroyed, which also stops a route still generating.
 */
export class VirtualResponse extends Writable {
  statusCode = 200;
  headersSent = false;
  /** Header lines in the order set, repeated names kept. */
  readonly rawHeaders: Array<[string, string]> = [];
  /** Set when the exchange ended early; undefined while it runs or once it finished. */
  broke: VirtualBreak | undefined;
  readonly #pending = new Map<string, [string, string[]]>();
  readonly #chunks: Buffer[] = [];
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(maxBytes: number) {
    super();
    this.#maxBytes = maxBytes;
    // A route may still write after a break (the gzip bomb is compressed first); `broke` says what happened.
    this.on('error', () => undefined);
  }

  get body(): Buffer {
    return Buffer.concat(this.#chunks);
  }

  setHeader(name: string, value: OutgoingHttpHeader): this {
    this.#pending.set(name.toLowerCase(), [name, asList(value)]);
    return this;
  }

  writeHead(status: number, reasonOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[], maybeHeaders?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this {
    const headers = typeof reasonOrHeaders === 'string' ? maybeHeaders : reasonOrHeaders;
    this.statusCode = status;
    for (const [name, values] of this.#pending.values()) for (const v of values) this.rawHeaders.push([name, v]);
    this.rawHeaders.push(...headerPairs(headers));
    this.headersSent = true;
    const declared = Number(this.rawHeaders.find(([name]) => name.toLowerCase() === 'content-length')?.[1]);
    if (declared > this.#maxBytes) this.break('too-large');
    return this;
  }

  flushHeaders(): void {
    if (!this.headersSent) this.writeHead(this.statusCode);
  }

  /** Ends the exchange early for `reason` (the first reason given stands). */
  break(reason: VirtualBreak): void {
    this.broke ??= reason;
    this.destroy();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.flushHeaders();
    this.#bytes += chunk.length;
    if (this.#bytes > this.#maxBytes) {
      this.broke ??= 'too-large';
      callback(new Error('virtual response over the size cap'));
      return;
    }
    this.#chunks.push(chunk);
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.flushHeaders();
    callback();
  }
}

function asList(value: OutgoingHttpHeader): string[] {
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

/** Headers as node:http takes them: an object, a flat [name, value, ...] array, or an array of pairs. */
function headerPairs(headers: OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined): Array<[string, string]> {
  if (!headers) return [];
  if (!Array.isArray(headers)) {
    return Object.entries(headers).flatMap(([name, value]) => (value === undefined ? [] : asList(value).map((v): [string, string] => [name, v])));
  }
  if (headers.every((h) => Array.isArray(h))) return headers.map((h) => [String(h[0]), String(h[1])]);
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i + 1 < headers.length; i += 2) pairs.push([String(headers[i]), String(headers[i + 1])]);
  return pairs;
}
