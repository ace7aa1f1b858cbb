import { Agent, type Dispatcher } from 'undici';
import { maxHeaderBytes, type RequestBounds } from '../exchange/requestBounds.ts';

/** One request as the proxy sends it on: to `origin`, the path exactly as the app wrote it (not parsed, not re-encoded). */
export interface Relayed {
  origin: string;
  /** Path and query, raw. */
  path: string;
  method: string;
  /** Flat [name, value, …], as requestHeadersFor gives them. */
  headers: string[];
  /** null when the app sent none. */
  body: Buffer | null;
}

/** The deployment's answer, whole, its body the bytes it sent (still in their Content-Encoding). */
export interface RelayedAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Why a request got no answer from the deployment, in words: "ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9", "no answer within 30 s". */
export class NoAnswerFromDeployment extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoAnswerFromDeployment';
  }
}

/** The connection pool the proxy relays through: at most 16 KiB of answer headers, as boundedRequest reads. */
export function createRelayAgent(): Agent {
  return new Agent({ maxHeaderSize: maxHeaderBytes });
}

/**
 * Sends one request on to the deployment and reads the whole answer within `bounds` (conform run's: the
 * headers within `headersTimeout` plus `extraHeadersSeconds`, the body within `bodyTimeout` of them, at
 * most `maxBodyMib` on the wire). No redirect is followed: a 3xx is relayed as it came. The answer's body
 * is kept as sent, compressed or not: the app gets those bytes.
 */
export async function relayRequest(request: Relayed, dispatcher: Dispatcher, bounds: RequestBounds, extraHeadersSeconds = 0): Promise<RelayedAnswer> {
  const headersSeconds = bounds.headersTimeout + extraHeadersSeconds;
  const maxBytes = Math.floor(bounds.maxBodyMib * 1024 * 1024);
  const stop = new AbortController();
  const abort = (reason: string) => stop.abort(new NoAnswerFromDeployment(reason));
  let timer = setTimeout(() => abort(`no answer within ${headersSeconds} s`), headersSeconds * 1000);
  try {
    let answer: Dispatcher.ResponseData;
    try {
      answer = await dispatcher.request({
        origin: request.origin,
        path: request.path,
        method: request.method as Dispatcher.HttpMethod,
        headers: request.headers,
        body: request.body,
        signal: stop.signal,
        // Backstops only: the timers here fire first and say which deadline passed.
        headersTimeout: headersSeconds * 1000 + 1000,
        bodyTimeout: bounds.bodyTimeout * 1000 + 1000,
      });
    } catch (err) {
      throw reasonFor(err, stop.signal);
    }
    clearTimeout(timer);
    timer = setTimeout(() => abort(`the body did not end within ${bounds.bodyTimeout} s`), bounds.bodyTimeout * 1000);
    const chunks: Buffer[] = [];
    let read = 0;
    try {
      for await (const chunk of answer.body as AsyncIterable<Buffer>) {
        read += chunk.length;
        if (read > maxBytes) throw new NoAnswerFromDeployment(`the body exceeded ${bounds.maxBodyMib} MiB`);
        chunks.push(chunk);
      }
    } catch (err) {
      answer.body.destroy();
      const reason = reasonFor(err, stop.signal);
      throw reason.message.includes('exceeded') ? reason : new NoAnswerFromDeployment(`${reason.message} (${read} bytes of the body read)`);
    }
    return { status: answer.statusCode, headers: answer.headers, body: Buffer.concat(chunks, read) };
  } finally {
    clearTimeout(timer);
  }
}

/** What ended an exchange early, in words: a deadline's reason, else the connection's failure with its code first. */
function reasonFor(err: unknown, stopped: AbortSignal): NoAnswerFromDeployment {
  if (stopped.aborted && stopped.reason instanceof NoAnswerFromDeployment) return stopped.reason;
  if (err instanceof NoAnswerFromDeployment) return err;
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : undefined;
  const source = (cause ?? err) as NodeJS.ErrnoException;
  const code = typeof source.code === 'string' ? source.code : undefined;
  const message = source instanceof Error ? source.message : String(source);
  if (code === 'UND_ERR_HEADERS_OVERFLOW') return new NoAnswerFromDeployment(`answered with more than ${maxHeaderBytes / 1024} KiB of headers`);
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return new NoAnswerFromDeployment('could not connect within 10 s');
  if (code === 'UND_ERR_SOCKET') return new NoAnswerFromDeployment(`the connection closed before a complete answer (${message})`);
  return new NoAnswerFromDeployment(code && !message.startsWith(code) ? `${code}: ${message}` : message);
}
