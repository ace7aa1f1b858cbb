import { isIP } from 'node:net';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { Agent, request, type buildConnector } from 'undici';
import type { LoopbackWall } from '../../../src/testing/loopbackOnlyDial.ts';
import { lenientDecode, type BinaryAs, type LenientBody } from './lenientDecode.ts';

/** A fetch that ends in an error reply: its status and the lenient service's own words. */
export class FetchRefused extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export interface LenientFetchSettings {
  /** `host:port` of origins the operator admits though they are private (the origin farm). */
  allowHosts: readonly string[];
  /** CAs trusted for TLS (the farm's). */
  ca: readonly string[];
  maxBytes: number;
  maxRedirects: number;
  /** Every socket goes through it: nothing leaves loopback, whatever this code does. */
  wall: LoopbackWall;
  /** Names this service resolves; any other name does not exist. */
  names: Readonly<Record<string, string[]>>;
  /** How a body that is not text is carried (base64 when absent). */
  binaryAs?: BinaryAs;
}

export interface LenientPage extends LenientBody {
  statusCode: number;
  headers: Record<string, string>;
}

const redirects = new Set([301, 302, 303, 307, 308]);

/** The addresses a host stands for: itself when it is an address, else what the name table says. */
function addressesOf(host: string, names: Readonly<Record<string, string[]>>): string[] {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return [bare];
  const found = names[bare.toLowerCase().replace(/\.$/, '')];
  if (!found) throw new FetchRefused(502, 'The host name does not resolve.');
  return found;
}

/** Whether an address is one a fetch may reach: public unicast only (IPv4 in IPv6 judged as IPv4). */
function isPublic(address: string): boolean {
  return ipaddr.process(address).range() === 'unicast';
}

/**
 * The lenient service's outbound HTTP (test-only, written apart from the reference): every hop's host
 * resolved and checked before it is asked for, and again as the socket is opened (the address checked is
 * the address dialled), only public addresses or the operator's allowed hosts; redirects followed when
 * asked, to http(s) only; the body capped on the wire and once decompressed; `signal` ending it all.
 */
export function createLenientFetcher(settings: LenientFetchSettings): (url: URL, options: { allowRedirects: boolean; insecure: boolean; signal: AbortSignal }) => Promise<LenientPage> {
  const permitted = (url: URL): string[] => {
    const addresses = addressesOf(url.hostname, settings.names);
    if (settings.allowHosts.includes(url.host)) return addresses;
    if (!addresses.every(isPublic)) throw new FetchRefused(403, 'Fetching private, loopback or link-local destinations is not allowed.');
    return addresses;
  };
  const connector = (tls: { rejectUnauthorized: boolean }): buildConnector.connector => {
    const dial = settings.wall.dial({ ...tls, ca: [...settings.ca] });
    return (options, callback) => {
      const url = new URL(`${options.protocol}//${options.hostname}:${options.port}`);
      let address: string;
      try {
        address = permitted(url)[0]!;
      } catch (err) {
        return callback(err as Error, null);
      }
      dial({ ...options, hostname: address, ...(isIP(options.hostname.replace(/^\[|\]$/g, '')) ? {} : { servername: options.hostname }) }, callback);
    };
  };
  const agents = {
    strict: new Agent({ connect: connector({ rejectUnauthorized: true }) }),
    insecure: new Agent({ connect: connector({ rejectUnauthorized: false }) }),
  };

  return async (first, { allowRedirects, insecure, signal }) => {
    let url = first;
    for (let hop = 0; ; hop++) {
      permitted(url);
      const response = await request(url, {
        method: 'GET',
        dispatcher: insecure ? agents.insecure : agents.strict,
        headers: { 'user-agent': 'lenient-fetch/1', accept: '*/*', 'accept-encoding': 'gzip, deflate, br' },
        signal,
      });
      const location = response.headers.location;
      if (allowRedirects && redirects.has(response.statusCode) && typeof location === 'string') {
        const next = URL.parse(location, url);
        if (next && /^https?:$/.test(next.protocol)) {
          if (hop >= settings.maxRedirects) throw new FetchRefused(502, 'Too many redirects.');
          await response.body.dump();
          url = next;
          continue;
        }
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      const bytes = await readCapped(response.body, headers['content-encoding'], settings.maxBytes);
      return { statusCode: response.statusCode, headers, ...lenientDecode(bytes, headers['content-type'], settings.binaryAs) };
    }
  };
}

/** The body, decompressed per Content-Encoding, at most `maxBytes` before and after: past it, a 502. */
async function readCapped(body: Readable, coding: string | undefined, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let wire = 0;
  let kept = 0;
  const countWire = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      wire += chunk.length;
      done(wire > maxBytes ? new FetchRefused(502, `The fetched response is larger than ${maxBytes} bytes.`) : null, chunk);
    },
  });
  const keep = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      kept += chunk.length;
      if (kept > maxBytes) return done(new FetchRefused(502, `The fetched response is larger than ${maxBytes} bytes.`));
      chunks.push(chunk);
      done();
    },
  });
  const decoder = { gzip: createGunzip, 'x-gzip': createGunzip, deflate: createInflate, br: createBrotliDecompress }[(coding ?? '').trim().toLowerCase()];
  await pipeline([body, countWire, ...(decoder ? [decoder()] : []), keep]);
  return Buffer.concat(chunks);
}
