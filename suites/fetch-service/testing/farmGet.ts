import { connect } from 'node:net';
import { Agent, request } from 'undici';
import type { FarmInfo } from '../../../mocks/origin/FarmRoute.ts';
import { createLoopbackOnlyDial } from '../../../src/testing/loopbackOnlyDial.ts';
import { isLoopbackHost } from '../../../src/harness/exchange/isLoopbackHost.ts';

export interface FarmResponse {
  url: URL;
  status: number;
  /** The Location of a redirect not followed. */
  location: string | undefined;
  text: string;
}

export interface FarmGetOptions {
  /** Follow redirects (to the farm's plain and TLS listeners only, at most 5 hops). */
  follow: boolean;
  /** The headers of each hop, by its number (0: the first request). */
  headersFor?: (hop: number) => Record<string, string>;
}

const maxHops = 5;

/**
 * Whether `url` is on the farm's plain HTTP or valid-certificate TLS listener, written out as such: a
 * host-less spelling (`http:///host/`) that a lenient parser reads as the farm is not.
 */
export function onFarm(url: string | URL, farm: FarmInfo): boolean {
  if (typeof url === 'string' && !/^https?:\/\/[^/\\]/i.test(url)) return false;
  const origin = URL.parse(url)?.origin;
  return origin === new URL(farm.httpUrl).origin || origin === new URL(farm.httpsUrl).origin;
}

/**
 * A GET a broken variant makes itself, beside what the reference does, to act as a leaky service would:
 * on the farm's listeners only, through the loopback-only wall, each hop with the headers it is given.
 * Undefined when `url` is not on the farm.
 */
export async function farmGet(url: string, farm: FarmInfo, options: FarmGetOptions): Promise<FarmResponse | undefined> {
  if (!onFarm(url, farm)) return undefined;
  const dispatcher = agentFor(farm);
  let current = new URL(url);
  for (let hop = 0; ; hop++) {
    const response = await request(current, { dispatcher, headers: options.headersFor?.(hop) ?? {}, signal: AbortSignal.timeout(5_000) });
    const text = await response.body.text();
    const location = response.statusCode >= 300 && response.statusCode < 400 ? String(response.headers.location ?? '') || undefined : undefined;
    const next = location === undefined ? undefined : URL.parse(location, current);
    if (!options.follow || !next || !onFarm(next, farm) || hop + 1 >= maxHops) return { url: current, status: response.statusCode, location, text };
    current = next;
  }
}

const agents = new Map<string, Agent>();

/** One agent per farm, its CA trusted and its dial the loopback-only wall, kept for the process's life. */
function agentFor(farm: FarmInfo): Agent {
  let agent = agents.get(farm.ca);
  if (!agent) agents.set(farm.ca, (agent = new Agent({ connect: createLoopbackOnlyDial().dial({ ca: [farm.ca] }) })));
  return agent;
}

/**
 * What a service that speaks gopher sends for a gopher URL: its selector (the path after the item type,
 * percent-decoded) and CRLF, raw over TCP, then everything the server answers. Loopback hosts only.
 */
export async function gopherGet(url: string): Promise<string> {
  const target = new URL(url);
  if (!isLoopbackHost(target.hostname)) throw new Error(`gopher: loopback only, not ${target.hostname}`);
  const selector = decodeURIComponent(target.pathname.slice(2));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host: target.hostname.replace(/^\[|\]$/g, ''), port: Number(target.port || 70) }, () => socket.write(`${selector}\r\n`));
    socket.setTimeout(5_000, () => socket.destroy(new Error('gopher: no answer')));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}
