import { setTimeout as sleep } from 'node:timers/promises';
import { honourRetryAfter, pace } from '../harness/rateLimit.ts';

/** One HTTP request and what came back, read the way the seed judges answers: JSON, HTML or other. */
export interface Exchange {
  method: string;
  url: string;
  status: number;
  contentType: string;
  headers: Headers;
  bodyText: string;
  /** The parsed body when it is labelled JSON and parses. */
  json: unknown;
  isJson: boolean;
  /** An HTML page: what a wrong address or flow gets instead of a JSON answer. */
  isHtml: boolean;
  durationMs: number;
  /** As sent, credentials included: shown only through shownRequest(), which hides them. */
  requestHeaders: Record<string, string>;
  requestBody?: string;
  /** Made by the generated checks, which judge it themselves. */
  generated: boolean;
}

export interface ExchangeInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** Marks a generated request (see Exchange.generated). */
  generated?: boolean;
}

type ExchangeObserver = (exchange: Exchange) => void;
const observers = new Set<ExchangeObserver>();

/** Calls `observer` with every exchange this process completes; returns the function that stops it. */
export function observeExchanges(observer: ExchangeObserver): () => void {
  observers.add(observer);
  return () => observers.delete(observer);
}

const maxRateLimitRetries = 3;

/**
 * Sends one request without following redirects (a redirect to a login page is a wrong address, not
 * an answer) and reads the whole body. A 429 is waited out (Retry-After, at most 5 s) and retried a few
 * times, so read-only checks against a real account stay within its rate limits. Network failures throw.
 */
export async function exchange(url: string, init: ExchangeInit = {}): Promise<Exchange> {
  const method = init.method ?? 'GET';
  for (let attempt = 0; ; attempt++) {
    await pace(url, init.signal);
    const started = performance.now();
    // Bytes, not a string: fetch would label a string body text/plain when the request names no Content-Type.
    const body = init.body === undefined ? undefined : Buffer.from(init.body);
    const response = await fetch(url, { method, headers: init.headers, body, redirect: 'manual', signal: init.signal });
    const bodyText = await response.text();
    if (response.status === 429) honourRetryAfter(url, response.headers.get('retry-after'));
    if (response.status === 429 && attempt < maxRateLimitRetries) {
      const wait = Math.min(Number(response.headers.get('retry-after')) || 1, 5);
      await sleep(wait * 1000, undefined, { signal: init.signal });
      continue;
    }
    const x = read(method, url, response, bodyText, performance.now() - started, init);
    for (const observer of observers) observer(x);
    return x;
  }
}

function read(method: string, url: string, response: Response, bodyText: string, durationMs: number, init: ExchangeInit): Exchange {
  const contentType = response.headers.get('content-type') ?? '';
  let json: unknown;
  let isJson = false;
  if (/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    try {
      json = JSON.parse(bodyText);
      isJson = true;
    } catch {
      // Labelled JSON but is not: reported as not JSON.
    }
  }
  const isHtml = /^text\/html\b/i.test(contentType) || /^\s*<(!doctype html|html)/i.test(bodyText);
  const request = { requestHeaders: init.headers ?? {}, ...(init.body !== undefined ? { requestBody: init.body } : {}), generated: init.generated === true };
  return { method, url, status: response.status, contentType, headers: response.headers, bodyText, json, isJson, isHtml, durationMs, ...request };
}

/** The first characters of a body, on one line, for messages. */
export function excerpt(text: string, length = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
}

/** A JSON body's field, when the body is an object that has it. */
export function field(exchange: Exchange, name: string): unknown {
  const body = exchange.json;
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)[name] : undefined;
}

/** One line for the request and its answer, then the start of the body: evidence and diagnoses. */
export function summarize(x: Exchange): string {
  return `${x.method} ${x.url} → ${x.status} ${x.contentType || '(no content type)'} in ${Math.round(x.durationMs)} ms\n${excerpt(x.bodyText, 400)}`;
}
