import { bodyText as textOf, boundedRequest, failureOf, type BoundedAnswer } from '../exchange/boundedRequest.ts';
import type { ExchangeLimits } from '../exchange/exchangeLimits.ts';
import { honourRetryAfter, pace } from '../exchange/rateLimit.ts';
import type { SilentTargets } from '../exchange/SilentTargets.ts';
import { waitOutRetryAfter } from '../exchange/waitOutRetryAfter.ts';

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
  /** How a report shows this request, when it carries part of a secret no redactor can name (ShownAs). */
  shownAs?: ShownAs;
}

/**
 * A request that carries a value derived from a secret (the token with a character less, its first
 * half), as a report shows it: its headers and body in shell words that expand to what was sent from the
 * variables ($ACCESS_TOKEN), and the curl that sends it again. A redactor names a secret only whole.
 */
export interface ShownAs {
  headers: Record<string, string>;
  body?: string;
  reproduction: string;
}

export interface ExchangeInit {
  /** What the exchange is held to: the limits of the target `url` belongs to. */
  limits: ExchangeLimits;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** Marks a generated request (see Exchange.generated). */
  generated?: boolean;
  shownAs?: ShownAs;
  /** The record of targets that never answered to keep (default: the run's): the preflight keeps its own, its probes no part of the run's. */
  silentTargets?: SilentTargets;
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
 * an answer) and reads the whole body, within its target's deadlines and size cap (`init.limits`). A 429
 * is waited out (Retry-After, at most a minute: waitOutRetryAfter) and retried a few times, so read-only checks against a real
 * account stay within its rate limits. No answer throws, saying why in words: "GET https://…: no HTTP
 * answer: the body did not end within 60 s (4,096 bytes read)"; its `cause` holds the reason alone.
 */
export async function exchange(url: string, init: ExchangeInit): Promise<Exchange> {
  const method = init.method ?? 'GET';
  for (let attempt = 0; ; attempt++) {
    await pace(url, init.limits, init.signal);
    const started = performance.now();
    let answer: BoundedAnswer;
    try {
      answer = await boundedRequest(url, { method, headers: init.headers ?? {}, ...(init.body !== undefined ? { body: init.body } : {}), signal: init.signal, bounds: init.limits.bounds, ...(init.silentTargets ? { silentTargets: init.silentTargets } : {}) });
    } catch (err) {
      throw new Error(`${method} ${url}: no HTTP answer: ${failureOf(err)}`, { cause: err });
    }
    if (answer.status === 429) honourRetryAfter(url, init.limits, answer.headers.get('retry-after'));
    if (answer.status === 429 && attempt < maxRateLimitRetries) {
      await waitOutRetryAfter(answer.headers.get('retry-after'), init.signal);
      continue;
    }
    const x = readExchange(method, url, answer, performance.now() - started, init);
    for (const observer of observers) observer(x);
    return x;
  }
}

/** An answer read the way the seed judges answers (JSON, HTML or other): this client's, or one a validation proxy relayed. */
export function readExchange(method: string, url: string, answer: Pick<BoundedAnswer, 'status' | 'headers' | 'body'>, durationMs: number, init: Omit<ExchangeInit, 'limits'>): Exchange {
  const bodyText = textOf(answer.body);
  const contentType = answer.headers.get('content-type') ?? '';
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
  const request = { requestHeaders: init.headers ?? {}, ...(init.body !== undefined ? { requestBody: init.body } : {}), generated: init.generated === true, ...(init.shownAs ? { shownAs: init.shownAs } : {}) };
  return { method, url, status: answer.status, contentType, headers: answer.headers, bodyText, json, isJson, isHtml, durationMs, ...request };
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

/**
 * One line for the request and its answer, then the start of the body: evidence and diagnoses. An access
 * token the body holds is named $ACCESS_TOKEN before the body is cut: a redactor finds a token only whole,
 * and a token is longer than the excerpt keeps.
 */
export function summarize(x: Exchange): string {
  const token = field(x, 'access_token');
  const body = typeof token === 'string' && token ? x.bodyText.split(token).join('$ACCESS_TOKEN') : x.bodyText;
  return `${x.method} ${x.url} → ${x.status} ${x.contentType || '(no content type)'} in ${Math.round(x.durationMs)} ms\n${excerpt(body, 400)}`;
}
