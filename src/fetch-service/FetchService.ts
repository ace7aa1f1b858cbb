import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AccessLogEntry, jsonLinesLogger, type Logger } from './accessLog.ts';
import { ApiKeyRing } from './ApiKeyRing.ts';
import { answerServiceRequest, type FetchServiceParts, type ServiceRequest } from './core/answerServiceRequest.ts';
import { BufferBudget } from './core/BufferBudget.ts';
import { ConcurrencyLimiter } from './core/ConcurrencyLimiter.ts';
import { FETCH_SERVICE_DEFAULTS } from './core/FETCH_SERVICE_DEFAULTS.ts';
import { REPLY_HEADERS } from './core/REPLY_HEADERS.ts';
import { callerGone, shuttingDown } from './core/ServiceError.ts';
import { DestinationPolicy } from './DestinationPolicy.ts';
import { type Dial, socketDial } from './dial.ts';
import { networkOriginClient } from './networkOriginClient.ts';
import { OutboundDispatchers, type ProxySettings } from './OutboundDispatchers.ts';
import { readRequestText } from './readRequestText.ts';
import { type Resolver, systemResolver } from './resolver.ts';

export type { FetchResult } from './core/answerServiceRequest.ts';

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
 * The page-fetch service as a Node request listener: the pipeline (core/answerServiceRequest.ts) over
 * node:http, with the network as its origin client, the access log, and a graceful shutdown. It owns no
 * socket; startFetchService puts it behind an HTTP server.
 */
export class FetchService {
  readonly #parts: FetchServiceParts;
  readonly #dispatchers: OutboundDispatchers;
  readonly #budget: BufferBudget;
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
    const keys = new ApiKeyRing(options.apiKeys);
    const policy = new DestinationPolicy(options.allowHosts ?? [], options.resolve ?? systemResolver);
    this.#dispatchers = new OutboundDispatchers({
      policy,
      dial: options.dial ?? socketDial(Math.min(10_000, settings.timeoutMs)),
      timeoutMs: settings.timeoutMs,
      ...(options.trustedCa ? { trustedCa: options.trustedCa } : {}),
      ...(options.proxy ? { proxy: options.proxy } : {}),
    });
    this.#budget = new BufferBudget(maxBufferedBytes);
    const { timeoutMs, maxBytes, maxConcurrency, maxRedirects, maxRequestBytes } = settings;
    this.#parts = {
      limits: { timeoutMs, maxBytes, maxConcurrency, maxRedirects, maxRequestBytes },
      identify: (presented) => keys.identify(presented),
      limiter: new ConcurrencyLimiter(maxConcurrency),
      budget: this.#budget,
      origins: networkOriginClient(this.#dispatchers, policy),
      stopping: () => this.#stopping,
    };
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
    const time = new Date().toISOString();
    const controller = new AbortController();
    this.#inFlight.add(controller);
    // A caller that goes away stops its fetch, which frees its concurrency slot.
    res.once('close', () => {
      if (!res.writableFinished) controller.abort(callerGone());
    });
    const path = (req.url ?? '/').split('?', 1)[0]!;
    const request: ServiceRequest = {
      method: req.method ?? '',
      path,
      header: (name) => header(req, name),
      text: (maxBytes) => readRequestText(req, maxBytes),
    };
    const answer = await answerServiceRequest(request, this.#parts, controller);
    try {
      // An error for a caller already gone, or after a reply begun, goes to the log only.
      if (answer.status === 200 || (!res.headersSent && !res.destroyed)) this.#send(res, answer.status, answer.body, answer.headers);
    } finally {
      const entry: AccessLogEntry = { event: 'request', time, id: answer.id, method: request.method, path, status: answer.status, durationMs: 0 };
      if (req.socket.remoteAddress) entry.client = req.socket.remoteAddress;
      Object.assign(entry, answer.trace);
      entry.durationMs = Math.round((performance.now() - started) * 100) / 100;
      this.#inFlight.delete(controller);
      if (this.#inFlight.size === 0) this.#onIdle?.();
      this.#log(entry);
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
