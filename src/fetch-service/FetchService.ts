import { FETCH_SERVICE_DEFAULTS } from './core/FETCH_SERVICE_DEFAULTS.ts';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { components } from '../generated/fetch-service.ts';
import { type AccessLogEntry, jsonLinesLogger, type Logger } from './accessLog.ts';
import { ApiKeyRing } from './ApiKeyRing.ts';
import { BufferBudget } from './core/BufferBudget.ts';
import { ConcurrencyLimiter } from './core/ConcurrencyLimiter.ts';
import { DestinationPolicy } from './DestinationPolicy.ts';
import { type Dial, socketDial } from './dial.ts';
import { fetchPage, type FetchLimits } from './fetchPage.ts';
import { OutboundDispatchers, type ProxySettings } from './OutboundDispatchers.ts';
import { readRequestText } from './readRequestText.ts';
import { REPLY_HEADERS } from './core/REPLY_HEADERS.ts';
import { routeOf } from './core/routeOf.ts';
import { type Resolver, systemResolver } from './resolver.ts';
import { callerGone, fetchTimedOut, internalError, ServiceError, shuttingDown, tooManyRequests, unauthorized } from './core/ServiceError.ts';
import { checkContentType, parseFetchRequest } from './core/validateFetchRequest.ts';

export type FetchResult = components['schemas']['FetchResult'];

export interface FetchServiceOptions {
  /** Issued keys for X-SVC-API-Key; at least one. */
  apiKeys: string[];
  /** Operator allowlist, `HOST` or `HOST:PORT` (see HostAllowlist). */
  allowHosts?: string[];
  /** Overall fetch deadline; the seed fixes 60 s, a lower value is for tests. */
  timeoutMs?: number;
  /** Maximum fetched body, as received and after decompression. */
  maxBytes?: number;
  /** Ceiling on fetched bytes held across all fetches in flight; default max(256 MiB, 8 x maxBytes). */
  maxBufferedBytes?: number;
  /** Concurrent fetches per API key. */
  maxConcurrency?: number;
  maxRedirects?: number;
  /** Largest request body accepted. */
  maxRequestBytes?: number;
  /** CAs trusted on top of Node's default store. */
  trustedCa?: string[];
  /** The operator's proxy for `proxies: true`; defaults to the proxy environment variables. */
  proxy?: ProxySettings;
  /** Name resolution at connect time; tests pass a stub (stubResolver.ts). */
  resolve?: Resolver;
  /** The socket-opening layer; tests pass a loopback-only one (loopbackOnlyDial.ts). */
  dial?: Dial;
  /** Access and lifecycle log; JSON lines on stderr by default. */
  log?: Logger;
}

export { FETCH_SERVICE_DEFAULTS };

const JSON_LINES = Object.entries(REPLY_HEADERS).flat();

/**
 * The page-fetch service as a Node request listener: routing, authentication, validation, per-key limits,
 * the fetch itself and the access log. It owns no socket; startFetchService puts it behind an HTTP server.
 */
export class FetchService {
  readonly #keys: ApiKeyRing;
  readonly #limiter: ConcurrencyLimiter;
  readonly #policy: DestinationPolicy;
  readonly #dispatchers: OutboundDispatchers;
  readonly #limits: FetchLimits;
  readonly #budget: BufferBudget;
  readonly #maxRequestBytes: number;
  readonly #log: Logger;
  readonly #inFlight = new Set<AbortController>();
  #onIdle: (() => void) | undefined;
  #stopping = false;

  constructor(options: FetchServiceOptions) {
    const settings = { ...FETCH_SERVICE_DEFAULTS, ...definedOnly(options) };
    for (const name of Object.keys(FETCH_SERVICE_DEFAULTS) as Array<keyof typeof FETCH_SERVICE_DEFAULTS>) {
      if (!Number.isSafeInteger(settings[name]) || settings[name] < 1) throw new RangeError(`${name} must be a positive integer`);
    }
    if (settings.timeoutMs > FETCH_SERVICE_DEFAULTS.timeoutMs) throw new RangeError('timeoutMs must be at most 60000 (seed §8)');
    const maxBufferedBytes = options.maxBufferedBytes ?? Math.max(256 * 1024 * 1024, 8 * settings.maxBytes);
    if (!Number.isSafeInteger(maxBufferedBytes) || maxBufferedBytes < 1) throw new RangeError('maxBufferedBytes must be a positive integer');
    this.#keys = new ApiKeyRing(options.apiKeys);
    this.#limiter = new ConcurrencyLimiter(settings.maxConcurrency);
    this.#policy = new DestinationPolicy(options.allowHosts ?? [], options.resolve ?? systemResolver);
    this.#dispatchers = new OutboundDispatchers({
      policy: this.#policy,
      dial: options.dial ?? socketDial(Math.min(10_000, settings.timeoutMs)),
      timeoutMs: settings.timeoutMs,
      ...(options.trustedCa ? { trustedCa: options.trustedCa } : {}),
      ...(options.proxy ? { proxy: options.proxy } : {}),
    });
    this.#limits = { maxBytes: settings.maxBytes, maxRedirects: settings.maxRedirects, timeoutMs: settings.timeoutMs };
    this.#budget = new BufferBudget(maxBufferedBytes);
    this.#maxRequestBytes = settings.maxRequestBytes;
    this.#log = options.log ?? jsonLinesLogger();
  }

  get inFlight(): number {
    return this.#inFlight.size;
  }

  /** Fetched bytes currently held against the buffer ceiling. */
  get bufferedBytes(): number {
    return this.#budget.used;
  }

  readonly handle = (req: IncomingMessage, res: ServerResponse): void => {
    void this.#serve(req, res);
  };

  /**
   * Stops taking fetches (new ones get 503) and waits for those in flight, each bounded by its own
   * deadline; whatever still runs after `graceMs` is cut and answered 503. A request that is not
   * fetching (a caller still sending its body) is not waited for past that: its connection is closed.
   */
  async shutdown(graceMs: number): Promise<void> {
    this.#stopping = true;
    if (this.#inFlight.size > 0) {
      const idle = new Promise<void>((resolve) => (this.#onIdle = resolve));
      const cut = setTimeout(() => {
        for (const controller of this.#inFlight) controller.abort(shuttingDown());
      }, graceMs);
      let giveUp: NodeJS.Timeout | undefined;
      await Promise.race([idle, new Promise<void>((resolve) => (giveUp = setTimeout(resolve, graceMs + 1_000)))]);
      clearTimeout(cut);
      clearTimeout(giveUp);
    }
    await this.#dispatchers.close();
  }

  async #serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const controller = new AbortController();
    this.#inFlight.add(controller);
    const path = (req.url ?? '/').split('?', 1)[0]!;
    const entry: AccessLogEntry = { event: 'request', time: new Date().toISOString(), id: randomUUID(), method: req.method ?? '', path, status: 0, durationMs: 0 };
    if (req.socket.remoteAddress) entry.client = req.socket.remoteAddress;
    // A caller that goes away stops its fetch, which frees its concurrency slot.
    res.once('close', () => {
      if (!res.writableFinished) controller.abort(callerGone());
    });
    try {
      const result = await this.#route(req, path, entry, controller);
      this.#send(res, 200, result, { 'x-request-id': entry.id });
      entry.status = 200;
    } catch (err) {
      const error = err instanceof ServiceError ? err : internalError();
      entry.status = error.status;
      entry.error = error.code;
      if (!res.headersSent && !res.destroyed) this.#send(res, error.status, error.body(), { 'x-request-id': entry.id, ...error.headers });
    } finally {
      entry.durationMs = Math.round((performance.now() - started) * 100) / 100;
      this.#inFlight.delete(controller);
      if (this.#inFlight.size === 0) this.#onIdle?.();
      this.#log(entry);
    }
  }

  async #route(req: IncomingMessage, path: string, entry: AccessLogEntry, controller: AbortController): Promise<unknown> {
    if (routeOf(req.method ?? '', path) === 'health') {
      if (this.#stopping) throw shuttingDown();
      return { status: 'ok' };
    }
    if (this.#stopping) throw shuttingDown();
    const key = this.#keys.identify(header(req, 'x-svc-api-key'));
    if (key === 0) throw unauthorized();
    entry.key = key;
    checkContentType(header(req, 'content-type'));
    const request = parseFetchRequest(await readRequestText(req, this.#maxRequestBytes));
    entry.target = `${request.target.protocol}//${request.target.host}`;
    const release = this.#limiter.tryAcquire(key);
    if (!release) throw tooManyRequests();
    const deadline = setTimeout(() => controller.abort(fetchTimedOut(this.#limits.timeoutMs)), this.#limits.timeoutMs);
    const reservation = this.#budget.open();
    try {
      const context = { dispatchers: this.#dispatchers, policy: this.#policy, limits: this.#limits, reservation };
      const page = await fetchPage(request, context, controller.signal);
      Object.assign(entry, { upstreamStatus: page.statusCode, bytes: page.bytes, redirects: page.redirects });
      const result: FetchResult = {
        id: entry.id,
        statusCode: page.statusCode,
        headers: page.headers,
        content: page.content,
        contentType: page.contentType,
        encoding: page.encoding,
      };
      return result;
    } finally {
      clearTimeout(deadline);
      reservation.release();
      release();
    }
  }

  #send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
    // Bytes, not text: node:http writes a Buffer with the head in one writev, where a string is joined to
    // the head and encoded on the way out, which profiles at several times the cost of the write itself.
    const bytes = Buffer.from(JSON.stringify(body));
    // A flat [name, value, ...] list: node:http takes it as is, without merging objects per reply.
    const lines = [...JSON_LINES, 'content-length', String(bytes.length)];
    if (this.#stopping) lines.push('connection', 'close');
    for (const name in headers) lines.push(name, headers[name]!);
    res.writeHead(status, lines);
    res.end(bytes);
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Options with undefined values dropped, so they do not override defaults when spread. */
function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as Partial<T>;
}
