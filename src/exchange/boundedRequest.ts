import { Readable, Transform, Writable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { Agent, request, type buildConnector, type Dispatcher } from 'undici';
import { TextDecoder } from '../encoding/TextDecoder.ts';
import { BodyBudget } from './BodyBudget.ts';
import { recordAnswerTime } from './answerTimes.ts';
import { recordExchange } from './exchangeOutcomes.ts';
import { NoAnswer } from './NoAnswer.ts';
import { maxHeaderBytes, type RequestBounds } from './requestBounds.ts';
import { runSilentTargets, type SilentTargets } from './SilentTargets.ts';
import { version } from './version.ts';

/**
 * Every HTTP exchange the harness has with a target goes through here, so that none can outlast its
 * deadlines or outgrow its cap whatever the target does: headers within `headersTimeout` (plus what the
 * caller allows the target on top), the whole body within `bodyTimeout` of the headers, at most
 * `maxBodyMib` of body on the wire and again once decompressed (a gzip bomb stops at the cap, never
 * inflated whole), at most 16 KiB of headers. Redirects are never followed: a 3xx is an answer like any
 * other, so no secret a request carries goes to a host the caller did not name.
 *
 * undici's request rather than fetch: fetch refuses ports browsers block (6000, 9, ...), a target need
 * not; and its own timeouts are idle timers (a drip of a byte a second never trips one) that say only
 * "UND_ERR_BODY_TIMEOUT". The deadlines here are ours, and end in words.
 */
export interface BoundedInit {
  method?: string;
  headers?: Record<string, string>;
  body?: Uint8Array | string;
  /** Streams the body without a Content-Length (Transfer-Encoding: chunked). */
  chunked?: boolean;
  /** The caller's own stop (a check that timed out): the exchange ends as cancelled. */
  signal?: AbortSignal | undefined;
  /** The deadlines and cap of the target `url` belongs to (its ExchangeLimits' bounds). */
  bounds: RequestBounds;
  /** Seconds the target may legitimately take on top of `headersTimeout` (the fetch service's own timeout). */
  extraHeadersSeconds?: number;
  /**
   * A request relayed as an app wrote it (the validation proxy): its request target (path and query)
   * sent as is, not parsed nor re-encoded, in place of `url`'s; its header lines flat [name, value, …]
   * in their order and case, in place of `headers`, without conform's User-Agent; and the answer's body
   * kept as sent, in its Content-Encoding, for the app to get those bytes.
   */
  relay?: { path: string; headers: string[] };
  /** A dispatcher from createBoundedAgent: tests' with a loopback-only connector, the proxy's own pool. */
  dispatcher?: Dispatcher;
  /** The record of targets that never answered (default: the run's, runSilentTargets): tests, and the preflight's probes, keep their own. */
  silentTargets?: SilentTargets;
  /** Tests only: the memory shared by the bodies in flight (default: this process's). */
  bodyBudget?: BodyBudget;
  /**
   * Called as the request goes out, once its turn came (SilentTargets.turn): a caller timing the target
   * starts its clock here, not before a wait that is this process's, not the target's.
   */
  onSend?: () => void;
}

/** A whole answer, read within the bounds. */
export interface BoundedAnswer {
  status: number;
  headers: Headers;
  /** The body, decompressed when its Content-Encoding is one this client knows (as sent, for a relay). */
  body: Buffer;
  /** The header fields as they came, repeated ones as arrays: what a relay passes on. */
  rawHeaders: Record<string, string | string[] | undefined>;
  /** Body bytes read on the wire. */
  wireBytes: number;
}

const processBodyBudget = new BodyBudget();

/** Why an exchange got no answer, for evidence ("no HTTP answer: ..."): a NoAnswer's words, else the error's message. */
export function failureOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Ends the body read when the body passes the cap. */
class TooLarge extends Error {}

/** Ends the body read when the process's bodies in flight would pass their budget. */
class OverBudget extends Error {}

/** The connection pool boundedRequest uses: at most 16 KiB of headers (Node's own limit, made explicit so the message can name it). */
export function createBoundedAgent(connect?: buildConnector.connector): Agent {
  return new Agent({ maxHeaderSize: maxHeaderBytes, ...(connect ? { connect } : {}) });
}

let sharedAgent: Agent | undefined;

function agent(): Agent {
  sharedAgent ??= createBoundedAgent();
  return sharedAgent;
}

/** `url`'s whole answer within the bounds, or a NoAnswer saying why there is none. */
export async function boundedRequest(url: string, init: BoundedInit): Promise<BoundedAnswer> {
  const silent = init.silentTargets ?? runSilentTargets;
  const settled = await silent.turn(url);
  init.onSend?.();
  try {
    const answer = await readWithin(url, init);
    silent.answered(url);
    recordExchange(url, { status: answer.status });
    return answer;
  } catch (err) {
    if (err instanceof NoAnswer) silent.failed(url, err);
    // A request the caller stopped (its check ran out of time) says nothing of the target.
    if (err instanceof NoAnswer && !init.signal?.aborted) recordExchange(url, { noAnswer: err.message });
    throw err;
  } finally {
    settled();
  }
}

async function readWithin(url: string, init: BoundedInit): Promise<BoundedAnswer> {
  const { bounds } = init;
  const headersSeconds = bounds.headersTimeout + (init.extraHeadersSeconds ?? 0);
  const maxBytes = Math.floor(bounds.maxBodyMib * 1024 * 1024);
  const deadlines = { headersSeconds, bodySeconds: bounds.bodyTimeout };
  // One controller for the whole exchange: a deadline, or the caller, aborts it with the reason in words.
  const stop = new AbortController();
  const abort = (reason: string, bounded = true) => {
    if (!stop.signal.aborted) stop.abort(new NoAnswer(reason, { bounded }));
  };
  const cancelled = () => abort(cancelReason(init.signal?.reason), false);
  if (init.signal?.aborted) cancelled();
  init.signal?.addEventListener('abort', cancelled, { once: true });
  let timer = setTimeout(() => abort(`no answer within ${seconds(headersSeconds)}`), headersSeconds * 1000);
  let wireBytes = 0;
  let release = () => {};
  try {
    let answer: Dispatcher.ResponseData;
    const sentAt = performance.now();
    try {
      const sent = {
        method: (init.method ?? 'GET') as Dispatcher.HttpMethod,
        body: init.body === undefined ? null : init.chunked ? Readable.from([typeof init.body === 'string' ? Buffer.from(init.body) : init.body]) : init.body,
        signal: stop.signal,
        // Backstops only: ours fire first and say which deadline passed.
        headersTimeout: headersSeconds * 1000 + 1000,
        bodyTimeout: bounds.bodyTimeout * 1000 + 1000,
      };
      const dispatcher = init.dispatcher ?? agent();
      // undici's request() parses the URL (dot segments resolved, characters escaped); a relay's path goes to the dispatcher as written.
      answer = init.relay
        ? await dispatcher.request({ ...sent, origin: new URL(url).origin, path: init.relay.path, headers: init.relay.headers })
        : await request(url, { ...sent, dispatcher, headers: withUserAgent(init.headers ?? {}) });
    } catch (err) {
      throw reasonFor(err, stop.signal, deadlines);
    }
    recordAnswerTime(url, performance.now() - sentAt);
    clearTimeout(timer);
    timer = setTimeout(() => abort(`the body did not end within ${seconds(deadlines.bodySeconds)}`), deadlines.bodySeconds * 1000);
    const headers = headersOf(answer.headers);
    const decoders = init.relay ? [] : decodersFor(headers.get('content-encoding'));
    const chunks: Buffer[] = [];
    const budget = init.bodyBudget ?? processBodyBudget;
    let kept = 0;
    /** A chunk of the body as the caller gets it (decompressed), or what refuses it. */
    const keepChunk = (chunk: Buffer): TooLarge | OverBudget | null => {
      if (kept + chunk.length > maxBytes) return new TooLarge();
      if (!budget.take(chunk.length, maxBytes)) return new OverBudget();
      kept += chunk.length;
      chunks.push(chunk);
      return null;
    };
    release = () => budget.give(kept);
    try {
      if (decoders.length === 0) {
        // Most answers are not compressed: read straight from the body, no stream pipeline. Node's
        // pipeline aborts a controller of its own as each one ends, an AbortError made and its stack
        // taken: 4 % of a suite run's CPU (a profile of a run judging eight fetch services). A deadline
        // or the caller still ends the read: undici destroys the body with the reason `stop` gives.
        for await (const chunk of answer.body as AsyncIterable<Buffer>) {
          wireBytes += chunk.length;
          const refused = wireBytes > maxBytes ? new TooLarge() : keepChunk(chunk);
          if (refused) throw refused;
        }
      } else {
        const onWire = new Transform({
          transform(chunk: Buffer, _encoding, done: TransformCallback) {
            wireBytes += chunk.length;
            done(wireBytes > maxBytes ? new TooLarge() : null, chunk);
          },
        });
        const keep = new Writable({
          write(chunk: Buffer, _encoding, done) {
            done(keepChunk(chunk));
          },
        });
        await pipeline([answer.body, onWire, ...decoders, keep], { signal: stop.signal });
      }
    } catch (err) {
      answer.body.destroy();
      chunks.length = 0;
      if (err instanceof TooLarge) {
        const inflated = decoders.length > 0 && wireBytes <= maxBytes ? ` once decompressed (${headers.get('content-encoding')}, ${bytes(wireBytes)} on the wire)` : '';
        throw new NoAnswer(`the body exceeded ${mib(bounds.maxBodyMib)}${inflated}`, { answered: true, bounded: true });
      }
      if (err instanceof OverBudget) {
        const held = mib((budget.held - kept) / 1024 / 1024);
        throw new NoAnswer(
          `the body passed ${bytes(kept)} while other answers in flight held ${held} (this process holds at most ${mib(budget.limit(maxBytes) / 1024 / 1024)} of bodies at once)`,
          { answered: true, bounded: true },
        );
      }
      const reason = reasonFor(err, stop.signal, deadlines);
      throw new NoAnswer(`${reason.message} (${bytes(wireBytes)} read)`, { answered: true, bounded: reason.bounded });
    }
    return { status: answer.statusCode, headers, rawHeaders: answer.headers, body: Buffer.concat(chunks, kept), wireBytes };
  } finally {
    release();
    clearTimeout(timer);
    init.signal?.removeEventListener('abort', cancelled);
  }
}

const utf8 = new TextDecoder('utf-8');

/** A body as text, the way fetch's `text()` reads it: UTF-8, a leading BOM dropped, bad bytes replaced. */
export function bodyText(body: Uint8Array): string {
  return utf8.decode(body);
}

/** What ended an exchange early, in words: our deadline's reason, else the connection's failure. */
function reasonFor(err: unknown, stopped: AbortSignal, deadlines: { headersSeconds: number; bodySeconds: number }): NoAnswer {
  if (stopped.aborted && stopped.reason instanceof NoAnswer) return stopped.reason;
  if (err instanceof NoAnswer) return err;
  const code = err instanceof Error && 'code' in err && typeof err.code === 'string' ? err.code : undefined;
  const message = err instanceof Error ? err.message : String(err);
  switch (code) {
    case 'UND_ERR_HEADERS_OVERFLOW':
      return new NoAnswer(`answered with more than ${maxHeaderBytes / 1024} KiB of headers`, { answered: true, bounded: true });
    case 'UND_ERR_HEADERS_TIMEOUT':
      return new NoAnswer(`no answer within ${seconds(deadlines.headersSeconds)}`, { bounded: true });
    case 'UND_ERR_BODY_TIMEOUT':
      return new NoAnswer(`the body did not end within ${seconds(deadlines.bodySeconds)}`, { bounded: true });
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new NoAnswer('could not connect within 10 s');
    case 'UND_ERR_SOCKET':
      return new NoAnswer(`the connection closed before a complete answer (${message})`);
    case 'Z_DATA_ERROR':
    case 'Z_BUF_ERROR':
    case 'ERR_BROTLI_DECOMPRESSION_FAILED':
      return new NoAnswer(`the body could not be decompressed as its Content-Encoding says (${message})`);
    case undefined:
      return new NoAnswer(message);
    default:
      // Network codes (ECONNREFUSED, ENOTFOUND) lead, as every tool prints them; the message says the rest.
      return new NoAnswer(`${code}: ${message}`);
  }
}

function cancelReason(reason: unknown): string {
  const why = reason instanceof Error && reason.name === 'TimeoutError' ? ': its own time ran out' : '';
  return `the request was cancelled before a complete answer came${why}`;
}

function withUserAgent(headers: Record<string, string>): Record<string, string> {
  return Object.keys(headers).some((name) => name.toLowerCase() === 'user-agent') ? headers : { ...headers, 'user-agent': `conform/${version}` };
}

function headersOf(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      try {
        headers.append(name, one);
      } catch {
        // A header value the WHATWG Headers refuses (a control character): left out, as fetch would fail on it.
      }
    }
  }
  return headers;
}

/**
 * Decompressors for a Content-Encoding list, last applied first; none when it is absent, identity, or
 * names a coding this client does not know (the body is then kept as sent).
 */
function decodersFor(contentEncoding: string | null): Transform[] {
  const codings = (contentEncoding ?? '').split(',').map((c) => c.trim().toLowerCase()).filter((c) => c && c !== 'identity');
  const make: Record<string, () => Transform> = { gzip: createGunzip, 'x-gzip': createGunzip, deflate: createInflate, br: createBrotliDecompress };
  if (!codings.every((c) => c in make)) return [];
  return codings.reverse().map((c) => make[c]!());
}

function seconds(s: number): string {
  return `${Number(s.toFixed(3))} s`;
}

function mib(n: number): string {
  return `${Number(n.toFixed(3))} MiB`;
}

function bytes(n: number): string {
  return `${n.toLocaleString('en-US')} byte${n === 1 ? '' : 's'}`;
}
