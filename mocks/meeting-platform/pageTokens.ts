import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { Clock } from './clock.ts';

/** The platform's next_page_token lifetime. */
export const pageTokenTtlMs = 15 * 60_000;

export type PageTokenReading = { offset: number } | { problem: 'invalid' | 'expired' };

export interface PageTokens {
  /** An opaque token for the page at `offset` of the query named by `scope`. */
  issue(scope: string, offset: number): string;
  read(token: string, scope: string): PageTokenReading;
}

const macLength = 16;
const payloadLength = 8;
/** Tokens remembered within one second (see below); past it the memo starts afresh. */
const maxMemo = 4096;

/**
 * Stateless next_page_tokens: the offset and issue second, sealed with an HMAC over the query they
 * belong to. A token used with another query (user, type) is invalid; one older than 15 minutes is
 * expired. Nothing is stored, so a long-running mock does not grow with every page served, and any mock
 * with the same secret reads the token. Within one second the same page gets the same token, which
 * spares the HMACs on repeated requests: that memo is cleared every second and capped.
 */
export function pageTokens(clock: Clock, ttlMs = pageTokenTtlMs, secret: Uint8Array = randomBytes(32)): PageTokens {
  const key: KeyObject = createSecretKey(secret);
  const mac = (scope: string, payload: Buffer) => createHmac('sha256', key).update(scope).update('\n').update(payload).digest().subarray(0, macLength);
  // The payload is masked with a stream drawn from the MAC, so tokens look as opaque as they are meant to be.
  const mask = (tag: Buffer, bytes: Buffer) => {
    const stream = createHmac('sha256', key).update('mask').update(tag).digest();
    return Buffer.from(bytes.map((b, i) => b ^ stream[i]!));
  };
  let cacheSecond = -1;
  const cache = new Map<string, string>();
  return {
    issue(scope, offset) {
      const second = Math.floor(clock() / 1000);
      if (second !== cacheSecond || cache.size >= maxMemo) {
        cache.clear();
        cacheSecond = second;
      }
      const cacheKey = `${offset}\n${scope}`;
      let token = cache.get(cacheKey);
      if (token === undefined) {
        const payload = Buffer.alloc(payloadLength);
        payload.writeUInt32BE(offset, 0);
        payload.writeUInt32BE(second, 4);
        const tag = mac(scope, payload);
        token = Buffer.concat([tag, mask(tag, payload)]).toString('base64url');
        cache.set(cacheKey, token);
      }
      return token;
    },
    read(token, scope) {
      const raw = Buffer.from(token, 'base64url');
      if (raw.length !== payloadLength + macLength) return { problem: 'invalid' };
      const tag = raw.subarray(0, macLength);
      const payload = mask(tag, raw.subarray(macLength));
      if (!timingSafeEqual(tag, mac(scope, payload))) return { problem: 'invalid' };
      if (clock() - payload.readUInt32BE(4) * 1000 > ttlMs) return { problem: 'expired' };
      return { offset: payload.readUInt32BE(0) };
    },
  };
}
