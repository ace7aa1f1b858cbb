import type { IncomingHttpHeaders } from 'node:http';
import type { Agent } from 'undici';
import type { components } from '../generated/fetch-service.ts';
import type { LogEntry } from '../fetch-service/accessLog.ts';
import { startFetchService, type RunningFetchService, type StartOptions } from '../fetch-service/startFetchService.ts';
import { createLoopbackOnlyDial, type LoopbackWall } from '../fetch-service/loopbackOnlyDial.ts';
import { createStubResolver, type StubAnswer, type StubResolver } from '../fetch-service/stubResolver.ts';

/** A reply of the service as tests read it: either shape, every field optional. */
export type ReplyBody = Partial<components['schemas']['FetchResult'] & components['schemas']['ErrorBody']> &
  Record<string, unknown>;

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: ReplyBody;
  /** The body as sent, for checks on the raw text (no secrets in it, JSON or not). */
  text: string;
}

export interface CallOptions {
  /** The X-SVC-API-Key to send; null sends none. Default: the first configured key. */
  key?: string | null;
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  /** Sent as is instead of JSON.stringify(body). */
  rawBody?: string;
  signal?: AbortSignal;
}

export interface WalledFetchService {
  url: string;
  running: RunningFetchService;
  wall: LoopbackWall;
  resolver: StubResolver;
  /** Every log entry the service wrote. */
  log: LogEntry[];
  /** POST /v1/fetch (or another path/method) through the wall. */
  call(body?: unknown, options?: CallOptions): Promise<Reply>;
  close(): Promise<void>;
}

export interface WalledOptions extends Partial<StartOptions> {
  /** Names the stub resolver knows. */
  hosts?: Record<string, StubAnswer>;
  /** Public addresses loopback stands in for (see LoopbackWallOptions). */
  standIns?: Record<string, string>;
}

export const TEST_API_KEY = 'test-key-0123456789abcdef';

/**
 * The reference fetch service started on loopback behind the loopback-only wall with a stub resolver: no
 * packet it sends can leave loopback and no name it looks up reaches DNS. Defaults: one key
 * (TEST_API_KEY), log kept in memory.
 */
export async function startWalledFetchService(options: WalledOptions = {}): Promise<WalledFetchService> {
  const { hosts, standIns, ...rest } = options;
  const wall = createLoopbackOnlyDial(standIns ? { standIns } : {});
  const resolver = createStubResolver(hosts);
  const log: LogEntry[] = [];
  const running = await startFetchService({
    apiKeys: [TEST_API_KEY],
    resolve: resolver.resolve,
    dial: wall.dial,
    log: (entry) => log.push(entry),
    ...rest,
  });
  const client: Agent = wall.agent();
  const firstKey = (rest.apiKeys ?? [TEST_API_KEY])[0];

  const call = async (body?: unknown, callOptions: CallOptions = {}): Promise<Reply> => {
    const key = callOptions.key === undefined ? firstKey : callOptions.key;
    const headers: Record<string, string> = { 'content-type': 'application/json', ...callOptions.headers };
    if (key !== null && key !== undefined) headers['x-svc-api-key'] = key;
    const method = callOptions.method ?? 'POST';
    const response = await client.request({
      origin: running.url,
      path: callOptions.path ?? '/v1/fetch',
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' ? null : (callOptions.rawBody ?? JSON.stringify(body ?? {})),
      signal: callOptions.signal ?? null,
    });
    const text = await response.body.text();
    let parsed: ReplyBody = {};
    try {
      parsed = JSON.parse(text) as ReplyBody;
    } catch {
      // Left empty: a test asserting on the body will fail and show `text`.
    }
    return { status: response.statusCode, headers: response.headers, body: parsed, text };
  };

  return {
    url: running.url,
    running,
    wall,
    resolver,
    log,
    call,
    close: async () => {
      await running.close();
      await client.close();
    },
  };
}
