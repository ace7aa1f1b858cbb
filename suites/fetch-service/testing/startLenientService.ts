import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FarmInfo } from '../../../mocks/origin/FarmRoute.ts';
import { listenServer } from '../../../mocks/listenServer.ts';
import { createLoopbackOnlyDial } from '../../../src/testing/loopbackOnlyDial.ts';
import type { BinaryAs } from './lenientDecode.ts';
import { createLenientFetcher, FetchRefused } from './lenientFetch.ts';

export interface LenientServiceOptions {
  apiKey: string;
  farm: FarmInfo;
  timeoutMs: number;
  /** Its own limits, not the reference's. */
  maxConcurrency?: number;
  maxBytes?: number;
  maxRequestBytes?: number;
  /** How a body that is not text is carried: base64 (the default), or decoded as UTF-8 as the seed's "body text" allows. */
  binaryAs?: BinaryAs;
}

/** An error reply in the seed's error body, in this service's own words. */
function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers }).end(text);
}

function fail(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  reply(res, status, { statusCode: status, error: STATUS_CODES[status], message }, headers);
}

/** The request's body, at most `max` bytes kept; a longer one is read to its end (so the reply can be read) and undefined. */
async function readBody(req: IncomingMessage, max: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= max) chunks.push(chunk as Buffer);
  }
  return size > max ? undefined : Buffer.concat(chunks).toString('utf8');
}

const options = ['allowRedirects', 'allowInsecureSsl', 'proxies'] as const;

/**
 * A fetch service written apart from the reference, lenient where the seed leaves room and correct where
 * it does not (test-only): it takes a JSON body under any Content-Type or none and ignores fields it does
 * not know; answers a missing or unknown key with 403; has its own id format, messages, concurrency
 * limit (3 per key) and size limit (2 MiB); refuses private destinations on every hop (the farm's
 * listeners are its operator's allowlist). Its sockets go through the loopback-only wall.
 */
export interface LenientService {
  url: string;
  /** Destinations the loopback-only wall refused to dial: none, when the service's own guard holds. */
  readonly wallViolations: readonly string[];
  close(): Promise<void>;
}

export async function startLenientService(o: LenientServiceOptions): Promise<LenientService> {
  const maxConcurrency = o.maxConcurrency ?? 3;
  const maxRequestBytes = o.maxRequestBytes ?? 256 * 1024;
  const farmHosts = [o.farm.httpUrl, o.farm.httpsUrl, o.farm.expiredTlsUrl, o.farm.wrongHostTlsUrl].map((u) => new URL(u).host);
  const wall = createLoopbackOnlyDial();
  const fetchPage = createLenientFetcher({ allowHosts: farmHosts, ca: [o.farm.ca], maxBytes: o.maxBytes ?? 2 * 1024 * 1024, maxRedirects: 5, wall, names: { localhost: ['127.0.0.1', '::1'] }, ...(o.binaryAs ? { binaryAs: o.binaryAs } : {}) });
  let inFlight = 0;
  let served = 0;

  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?', 1)[0];
    if (path !== '/v1/fetch') return fail(res, 404, `Nothing here: ${req.method} ${path}. The one operation is POST /v1/fetch.`);
    if (req.method !== 'POST') return fail(res, 405, 'Use POST.', { allow: 'POST' });
    const text = await readBody(req, maxRequestBytes);
    if (req.headers['x-svc-api-key'] !== o.apiKey) return fail(res, 403, 'Missing or unknown API key.');
    if (text === undefined) return fail(res, 413, `Request bodies are limited to ${maxRequestBytes} bytes.`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return fail(res, 400, 'Send a JSON object.');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return fail(res, 400, 'Send a JSON object.');
    const fields = body as Record<string, unknown>;
    if (typeof fields.url !== 'string') return fail(res, 400, 'url: a string is required.');
    const wrong = options.find((name) => fields[name] !== undefined && typeof fields[name] !== 'boolean');
    if (wrong) return fail(res, 400, `${wrong}: true or false.`);
    const url = /^https?:\/\/[^/\\?#@\s]/i.test(fields.url) && !/[\s\u0000-\u001f\u007f]/.test(fields.url) ? URL.parse(fields.url) : null;
    if (!url || url.username || url.password) return fail(res, 400, 'url: an absolute http(s) URL without credentials is required.');
    if (inFlight >= maxConcurrency) return fail(res, 429, `At most ${maxConcurrency} fetches at a time.`, { 'retry-after': '1' });
    inFlight++;
    const gone = new AbortController();
    res.once('close', () => gone.abort());
    const deadline = AbortSignal.timeout(o.timeoutMs);
    try {
      const page = await fetchPage(url, { allowRedirects: fields.allowRedirects === true, insecure: fields.allowInsecureSsl === true, signal: AbortSignal.any([gone.signal, deadline]) });
      reply(res, 200, { id: `lf_${(++served).toString(36)}_${Date.now().toString(36)}`, ...page });
    } catch (err) {
      if (err instanceof FetchRefused) return fail(res, err.status, err.message);
      if (deadline.aborted) return fail(res, 504, `No complete answer within ${o.timeoutMs / 1000} s.`);
      fail(res, 502, 'The page could not be fetched.');
    } finally {
      inFlight--;
    }
  };

  const server = createServer((req, res) => {
    serve(req, res).catch(() => fail(res, 500, 'Something broke.'));
  });
  const listening = await listenServer(server, {});
  return {
    url: listening.url,
    close: listening.close,
    get wallViolations() {
      return wall.violations;
    },
  };
}
