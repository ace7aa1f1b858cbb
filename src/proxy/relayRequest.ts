import type { Agent, Dispatcher } from 'undici';
import { boundedRequest, createBoundedAgent, failureOf } from '../exchange/boundedRequest.ts';
import type { RequestBounds } from '../exchange/requestBounds.ts';
import { SilentTargets } from '../exchange/SilentTargets.ts';

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

/** The connection pool the proxy relays through: the exchange's, at most 16 KiB of answer headers. */
export function createRelayAgent(): Agent {
  return createBoundedAgent();
}

// The proxy relays every request the app sends: a deployment that has not answered yet may still answer
// the next one, so it is never given up on (the run's record is for checks, which would wait in vain).
const neverGivenUp = new SilentTargets(Infinity);

/**
 * Sends one request on to the deployment and reads the whole answer within `bounds` (conform run's: the
 * headers within `headersTimeout` plus `extraHeadersSeconds`, the body within `bodyTimeout` of them, at
 * most `maxBodyMib` on the wire), through the exchange's bounded read. No redirect is followed: a 3xx
 * is relayed as it came. The answer's body is kept as sent, compressed or not: the app gets those bytes.
 */
export async function relayRequest(request: Relayed, dispatcher: Dispatcher, bounds: RequestBounds, extraHeadersSeconds = 0): Promise<RelayedAnswer> {
  try {
    const answer = await boundedRequest(`${request.origin}${request.path}`, {
      method: request.method,
      relay: { path: request.path, headers: request.headers },
      ...(request.body !== null ? { body: request.body } : {}),
      bounds,
      extraHeadersSeconds,
      dispatcher,
      silentTargets: neverGivenUp,
    });
    return { status: answer.status, headers: answer.rawHeaders, body: answer.body };
  } catch (err) {
    throw new NoAnswerFromDeployment(failureOf(err));
  }
}
