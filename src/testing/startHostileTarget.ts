import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipBomb } from '../../mocks/origin/gzipBomb.ts';
import { startLocalOrigin, type LocalOrigin, type OriginRequest } from './localOrigin.ts';

/** One way a deployment can hold a client: each is served under its own path. */
export const hostileBehaviours = ['hang', 'headers-only', 'endless', 'drip', 'gzip-bomb', 'huge-headers', 'redirect'] as const;
export type HostileBehaviour = (typeof hostileBehaviours)[number];

/** Headers of the /huge-headers answer: 1 MiB of them, 64 times what a client reads. */
export const hugeHeaderBytes = 1024 * 1024;
/** Members of the gzip bomb sent one after another: 8 x 128 MiB of zeros, 1 GiB once inflated. */
const bombMembers = 8;

export interface HostileTarget {
  /**
   * A base URL for `behaviour`: a GET of the URL itself answers 200 at once (so a reachability check
   * passes), and every request below it (`/v1/fetch`, `/oauth/token`, `/v2/...`) meets the behaviour.
   */
  base(behaviour: HostileBehaviour): string;
  /** A URL whose own GET meets the behaviour (what a reachability check sends). */
  url(behaviour: HostileBehaviour): string;
  readonly requests: readonly OriginRequest[];
  /** The other loopback origin /redirect/... points to: it must never be asked anything. */
  readonly elsewhere: LocalOrigin;
  close(): Promise<void>;
}

export interface HostileTargetOptions {
  /** Milliseconds between the drip's bytes (default 1000: a byte a second). */
  dripMs?: number;
}

/**
 * A target on loopback that answers no request properly: never, headers without a body, a body without
 * end, one byte a second, a gzip bomb, 1 MiB of headers, or a redirect to another origin, one behaviour
 * per path. Every answer it starts is stopped when the client goes away, so nothing outlives a test.
 */
export async function startHostileTarget(options: HostileTargetOptions = {}): Promise<HostileTarget> {
  const dripMs = options.dripMs ?? 1000;
  // Compressed once, now: made on first request, it could take longer than a test's headers deadline.
  const member = await gzipBomb();
  const elsewhere = await startLocalOrigin((_req, res) => res.end('{"note":"nothing here should ever be asked"}'));
  const target = await startLocalOrigin((req, res) => {
    const [, behaviour, ...rest] = (req.url ?? '/').split('?')[0]!.split('/');
    if (!hostileBehaviours.includes(behaviour as HostileBehaviour)) return void res.writeHead(404).end();
    // The base itself answers, so that only what lies below it is hostile.
    if (rest.length === 0) return void res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    // Read the request whole (a 32 MiB upload included) before misbehaving, as a real server would.
    req.resume();
    req.on('end', () => serve(behaviour as HostileBehaviour, req, res, { dripMs, elsewhere: elsewhere.url, member }));
  });
  return {
    base: (behaviour) => `${target.url}/${behaviour}`,
    url: (behaviour) => `${target.url}/${behaviour}/x`,
    get requests() {
      return target.requests;
    },
    elsewhere,
    async close() {
      await Promise.all([target.close(), elsewhere.close()]);
    },
  };
}

function serve(behaviour: HostileBehaviour, req: IncomingMessage, res: ServerResponse, o: { dripMs: number; elsewhere: string; member: Buffer }): void {
  switch (behaviour) {
    case 'hang':
      return;
    case 'headers-only':
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
      res.flushHeaders();
      return;
    case 'endless':
      return endless(res);
    case 'drip':
      return drip(res, o.dripMs);
    case 'gzip-bomb':
      void bomb(res, o.member);
      return;
    case 'huge-headers': {
      const line = 'x'.repeat(1000);
      const headers: string[] = ['content-type', 'application/json'];
      for (let i = 0; i * 1000 < hugeHeaderBytes; i++) headers.push(`x-pad-${i}`, line);
      res.writeHead(200, headers).end('{}');
      return;
    }
    case 'redirect':
      res.writeHead(302, { location: `${o.elsewhere}${req.url ?? '/'}`, 'content-type': 'application/json' }).end('{}');
      return;
  }
}

/** 64 KiB blocks for as long as the client reads them, at the client's pace. */
function endless(res: ServerResponse): void {
  const block = Buffer.alloc(64 * 1024, '[');
  res.writeHead(200, { 'content-type': 'application/json' });
  const more = (): void => {
    while (!res.destroyed && res.write(block));
    if (!res.destroyed) res.once('drain', more);
  };
  more();
}

function drip(res: ServerResponse, everyMs: number): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('[');
  const timer = setInterval(() => res.write('0'), everyMs);
  res.on('close', () => clearInterval(timer));
}

async function bomb(res: ServerResponse, member: Buffer): Promise<void> {
  res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
  for (let i = 0; i < bombMembers && !res.destroyed; i++) {
    if (!res.write(member)) await new Promise((resolve) => res.once('drain', resolve).once('close', resolve));
  }
  res.end();
}
