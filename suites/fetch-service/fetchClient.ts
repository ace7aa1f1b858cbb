import { recordThrottled } from '../../src/exchange/exchangeOutcomes.ts';
import { shellArgument, shellQuote } from '../../src/exchange/curlCommand.ts';
import { cutText } from '../../src/exchange/cutText.ts';
import { bodyText, boundedRequest, failureOf } from '../../src/exchange/boundedRequest.ts';
import { honourRetryAfter, pace } from '../../src/exchange/rateLimit.ts';
import type { FetchServiceTarget } from '../../src/harness/suite-api/targets.ts';

/** One request to POST {base}/v1/fetch (or, for the HTTP hygiene checks, another method or path), as a check describes it. */
export interface FetchCall {
  /** The method, POST when absent. */
  method?: string;
  /** A path below the base URL to send to instead of /v1/fetch (an unknown path). */
  path?: string;
  /** JSON body; sent as JSON.stringify(body). */
  body?: unknown;
  /** Sent as is instead of `body` (bodies that are not JSON). */
  raw?: string;
  /** `raw` already encoded, for a body of tens of MiB that every target is sent (encoding it each time costs). */
  rawBytes?: Uint8Array;
  /** The body streamed without a Content-Length (chunked), as an upload of unknown length is. */
  chunked?: boolean;
  /** A shell command printing the body, for reproductions of a body too large to quote (tens of MiB). */
  bodyCommand?: string;
  /** X-SVC-API-Key: the target's key when absent, none when null, a near miss of it, else this literal (a key nobody issued). */
  key?: string | null | KeyVariant;
  /** Extra request headers (a key in the wrong header). */
  headers?: Record<string, string>;
  /** Content-Type to send instead of application/json; null sends none. */
  contentType?: string | null;
  /** Query string to add to the endpoint, without "?". */
  query?: string;
  /** Made by the generated checks, which judge it themselves: FS-SPEC-RESPONSE leaves it out. */
  generated?: boolean;
  /**
   * Whether a 429 is waited out and retried. Checks run side by side against one key, so a 429 mostly
   * means another check holds the slots; only the concurrency probes want to see it.
   */
  retryBusy?: boolean;
  signal?: AbortSignal;
  /**
   * Checks that need the same slow probe (a timeout, a 1 GiB body) share one request under this name,
   * so the target's few concurrency slots are not spent twice on it.
   */
  shareAs?: string;
}

/** A request and what came back: the material of evidence and verdicts. */
export interface Exchange {
  call: FetchCall;
  endpoint: string;
  requestBody: string;
  /** HTTP status; 0 when no HTTP answer came (`failure` says why). */
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The body parsed as JSON; undefined when it is not JSON. */
  json: unknown;
  /** Of the last attempt, in milliseconds. */
  durationMs: number;
  attempts: number;
  failure?: string;
}

/** Placeholder for the key in reproductions and evidence: the variable users keep it in (seed §5). */
export const keyVariable = '$SVC_API_KEY';

/**
 * A near miss of the issued key (a character more, in another case...): shown as a POSIX shell expression of
 * the key's variable, so evidence and reproductions hold no part of the key, and sent as `of(key)`.
 */
export interface KeyVariant {
  /** The expression, given the variable's name ("SVC_API_KEY"). */
  shell(variable: string): string;
  of(key: string): string;
}

function isVariant(key: FetchCall['key']): key is KeyVariant {
  return typeof key === 'object' && key !== null;
}

/**
 * The suite's HTTP client for one target: requests with the target's key (the run's options hold it),
 * 429s retried unless asked not to, and every exchange kept whole for
 * evidence. Reproductions name `$SVC_API_KEY`, never the key.
 */
export class FetchClient {
  readonly target: FetchServiceTarget;
  readonly endpoint: string;
  readonly key: string | undefined;
  /** How long a call keeps retrying 429s before giving the 429 back. */
  readonly busyBudgetMs: number;
  /** Requests waiting for a slot after a 429, first in line first. */
  readonly #waiting: Array<() => void> = [];
  /** Told of every exchange this client completes (FS-SPEC-RESPONSE keeps them). */
  onExchange?: (exchange: Exchange) => void;

  constructor(target: FetchServiceTarget) {
    this.target = target;
    this.endpoint = `${target.baseUrl.replace(/\/+$/, '')}/v1/fetch`;
    this.key = target.apiKey;
    this.busyBudgetMs = 20_000 + target.fetchTimeoutSeconds * 2000;
  }

  async post(call: FetchCall): Promise<Exchange> {
    // JSON.stringify(undefined) is undefined: a call without a body sends none.
    const requestBody = call.raw ?? (JSON.stringify(call.body) as string | undefined) ?? '';
    // Encoded once, not on each attempt: a 32 MiB body retried after 429s cost seconds of CPU a run.
    const bytes = call.rawBytes ?? Buffer.from(requestBody);
    const started = performance.now();
    for (let attempt = 1; ; attempt++) {
      const exchange = await this.#once(call, requestBody, bytes, attempt);
      const busy = exchange.status === 429 && call.retryBusy !== false;
      if (!busy || performance.now() - started > this.busyBudgetMs || call.signal?.aborted) {
        this.onExchange?.(exchange);
        return exchange;
      }
      // Counted as the meeting client counts its 429s: the run says it was slowed, apart from any verdict.
      const waitStarted = performance.now();
      try {
        await this.#slotFreed();
      } finally {
        recordThrottled(performance.now() - waitStarted);
      }
    }
  }

  /**
   * Resolves when one of this client's other requests has ended (and so, most likely, freed a slot), or
   * after a short while in case the slot holder is someone else: waiting in line instead of polling keeps
   * checks that share a low limit from starving each other.
   */
  #slotFreed(): Promise<void> {
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        const i = this.#waiting.indexOf(wake);
        if (i >= 0) this.#waiting.splice(i, 1);
        resolve();
      };
      const timer = setTimeout(wake, 300 + Math.random() * 100);
      this.#waiting.push(wake);
    });
  }

  /** The same request as a curl command, `$SVC_API_KEY` in place of the key. */
  curl(call: FetchCall): string {
    const parts = [`curl -sS -i -X ${call.method ?? 'POST'}`, shellArgument(urlOf(this.endpoint, call))];
    for (const [name, value] of Object.entries(requestHeaders(call))) {
      // A near miss is a shell expression of the suite's own making (${SVC_API_KEY%?}): in double quotes, as written.
      parts.push('-H', name === keyHeader && isVariant(call.key) ? `"${name}: ${value}"` : shellArgument(`${name}: ${value}`));
    }
    if (call.contentType === null) parts.push('-H', shellQuote('Content-Type:'));
    if (call.chunked) parts.push('-H', shellQuote('Transfer-Encoding: chunked'));
    if (call.bodyCommand) return `${call.bodyCommand} | ${[...parts, '--data-binary', '@-'].join(' ')}`;
    const body = call.raw ?? JSON.stringify(call.body);
    if (body !== undefined) parts.push('--data-raw', shellQuote(body));
    return parts.join(' ');
  }

  async #once(call: FetchCall, requestBody: string, bytes: Uint8Array, attempt: number): Promise<Exchange> {
    const endpoint = urlOf(this.endpoint, call);
    const base = { call, endpoint, requestBody, attempts: attempt };
    await pace(endpoint, this.target.limits, call.signal);
    // Restarted as the request goes out: a wait for its turn behind a slow request to a target that has
    // not answered yet is no time the target took (a 504 at once read as one after the fixed timeout).
    let started = performance.now();
    // The variable stands for the key in curl and evidence; on the wire it is the key (or its near miss).
    const key = this.key ?? '';
    const headers = Object.fromEntries(Object.entries(requestHeaders(call)).map(([n, v]) => [n, n === keyHeader && isVariant(call.key) ? call.key.of(key) : v.replace(keyVariable, key)]));
    const wire = endpoint.replaceAll(keyVariable, encodeURIComponent(key));
    try {
      // The service may take its whole fetch timeout before a 504: the headers deadline allows that on top.
      const method = call.method ?? 'POST';
      const answer = await boundedRequest(wire, {
        method,
        headers,
        // GET and HEAD take no body; the others get the call's, an empty one included.
        ...(method === 'GET' || method === 'HEAD' ? {} : { body: bytes }),
        chunked: call.chunked === true,
        signal: call.signal,
        bounds: this.target.limits.bounds,
        extraHeadersSeconds: this.target.fetchTimeoutSeconds,
        onSend: () => (started = performance.now()),
      });
      const text = bodyText(answer.body);
      if (answer.status === 429) honourRetryAfter(endpoint, this.target.limits, answer.headers.get('retry-after'));
      const replyHeaders: Record<string, string> = {};
      answer.headers.forEach((value, name) => (replyHeaders[name] = value));
      if (answer.status !== 429) this.#waiting.shift()?.();
      return { ...base, status: answer.status, headers: replyHeaders, text, json: parseJson(text), durationMs: performance.now() - started };
    } catch (err) {
      this.#waiting.shift()?.();
      return { ...base, status: 0, headers: {}, text: '', json: undefined, durationMs: performance.now() - started, failure: failureOf(err) };
    }
  }
}

function urlOf(endpoint: string, call: FetchCall): string {
  const url = call.path === undefined ? endpoint : endpoint.replace(/\/v1\/fetch$/, call.path);
  return call.query ? `${url}?${call.query}` : url;
}

const keyHeader = 'X-SVC-API-Key';

/** A call's headers as a user would write them: the key as `$SVC_API_KEY` wherever it goes, a near miss as its shell expression. */
export function requestHeaders(call: FetchCall): Record<string, string> {
  const type = call.contentType === undefined ? 'application/json' : call.contentType;
  const headers: Record<string, string> = { ...(type === null ? {} : { 'Content-Type': type }), ...call.headers };
  const key = call.key === undefined ? keyVariable : isVariant(call.key) ? call.key.shell(keyVariable.slice(1)) : call.key;
  if (key !== null) headers[keyHeader] = key;
  return headers;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}


const shownHeaders = new Set(['content-type', 'retry-after', 'www-authenticate', 'location', 'allow', 'x-request-id', 'content-length']);

/** An exchange as evidence: the request as sent (the key as `$SVC_API_KEY`) and the reply, body cut at 2000 characters. */
export function describeExchange(x: Exchange): string {
  const headers = requestHeaders(x.call);
  const request = [
    `${x.call.method ?? 'POST'} ${x.endpoint}`,
    ...Object.entries(headers).map(([n, v]) => `${n}: ${v}`),
    ...('X-SVC-API-Key' in headers ? [] : ['(no X-SVC-API-Key header)']),
    '',
    cutText(x.requestBody, 600),
  ];
  const timing = `${Math.round(x.durationMs)} ms${x.attempts > 1 ? `, attempt ${x.attempts} (earlier ones got 429)` : ''}`;
  const reply = x.status === 0
    ? [`no HTTP answer (${timing}): ${x.failure ?? 'unknown failure'}`]
    : [
        `HTTP ${x.status} (${timing})`,
        ...Object.entries(x.headers).filter(([n]) => shownHeaders.has(n)).map(([n, v]) => `${n}: ${v}`),
        '',
        cutText(x.text, 2000),
      ];
  return [...request, '', '→', ...reply].join('\n');
}
