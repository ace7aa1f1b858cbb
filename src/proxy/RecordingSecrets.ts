import { Redactor } from '../exchange/Redactor.ts';
import type { ObservedExchange } from './ObservedExchange.ts';

/**
 * Secrets learned from the traffic past which no more are taken: tokens are renewed every hour, and an
 * app that asks for one per call must not grow the Redactor without end. Past it, a token seen later is
 * still never written where the recorders know to look (headers and fields they drop); only its echo in
 * some other text would pass.
 */
const maxLearned = 1024;

/** Fields of a JSON answer or a form that hold a secret, and the variable it is shown as. */
const secretFields: Readonly<Record<string, string>> = {
  access_token: 'ACCESS_TOKEN',
  refresh_token: 'REFRESH_TOKEN',
  id_token: 'ACCESS_TOKEN',
  client_id: 'MEETING_CLIENT_ID',
  client_secret: 'MEETING_CLIENT_SECRET',
};

/**
 * The secrets a recording keeps out: those the proxy knew from the start (the environment's client secret
 * or key) and those the traffic carries (Basic credentials, bearer tokens, the fetch service's key, a
 * token answer's tokens). Every text of a recording passes `redact` when the file is written, so a value
 * equal to a secret, in any form the Redactor knows (percent-encoded, inside base64, a near miss), is
 * written as its variable (`$ACCESS_TOKEN`), never as itself.
 */
export class RecordingSecrets {
  readonly #redactor: Redactor;
  readonly #learned = new Set<string>();

  constructor(known: Iterable<readonly [string | undefined, string]> = []) {
    this.#redactor = new Redactor(known);
  }

  /** Takes what `exchange` shows of secrets (its request's credentials, a token in its answer). Never throws. */
  learn(exchange: ObservedExchange): void {
    const { request, answer } = exchange;
    const authorization = request.headers['authorization'] ?? '';
    const scheme = /^\s*(\S+)\s+(\S+)\s*$/.exec(authorization);
    if (scheme) {
      const kind = scheme[1] ?? '';
      const value = scheme[2] ?? '';
      if (kind.toLowerCase() === 'basic') {
        const decoded = Buffer.from(value, 'base64').toString('utf8');
        const colon = decoded.indexOf(':');
        if (colon >= 0) {
          for (const [part, variable] of [[decoded.slice(0, colon), 'MEETING_CLIENT_ID'], [decoded.slice(colon + 1), 'MEETING_CLIENT_SECRET']] as const) {
            this.#add(part, variable);
            this.#add(formDecoded(part), variable);
          }
        }
      } else this.#add(value, 'ACCESS_TOKEN');
    }
    this.#add(request.headers['x-svc-api-key'], 'SVC_API_KEY');
    for (const text of [request.query, /form-urlencoded/i.test(request.headers['content-type'] ?? '') ? request.body : '']) {
      if (!text) continue;
      for (const [name, value] of new URLSearchParams(text)) {
        const variable = secretFields[name];
        if (variable) this.#add(value, variable);
      }
    }
    if (answer.status === 200 && /"(access|refresh|id)_token"/.test(answer.body)) {
      try {
        const body: unknown = JSON.parse(answer.body);
        if (typeof body === 'object' && body !== null) {
          for (const [name, value] of Object.entries(body)) {
            const variable = secretFields[name];
            if (variable && typeof value === 'string') this.#add(value, variable);
          }
        }
      } catch {
        // Not JSON: nothing to learn from it.
      }
    }
  }

  /** `text` with every secret known named by its variable. */
  redact(text: string): string {
    return this.#redactor.redact(text);
  }

  #add(value: string | undefined, variable: string): void {
    if (!value || this.#learned.has(value) || this.#learned.size >= maxLearned) return;
    this.#learned.add(value);
    this.#redactor.add(value, variable);
  }
}

/** Basic credentials are form-encoded by some clients (RFC 6749 §2.3.1): the secret as the platform reads it. */
function formDecoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
