import { badRequest, errorForStatus, responseTooLarge, ServiceError, tlsVerificationFailed, tooManyRequests } from '../../src/fetch-service/core/ServiceError.ts';
import type { FarmResponse } from '../origin/FarmExchange.ts';
import { instructionPage } from './instructionPage.ts';
import { reservedStatusHost } from './virtualFarm.ts';

/**
 * A status asked for with `Prefer: code=NNN` (as Prism takes it): the mock answers with that error status
 * whatever the body, so a client's 429, 502 or 504 handling is tested in milliseconds. Only 400-599:
 * success is what the mock gives anyway.
 */
export function preferredStatus(prefer: string | null | undefined): number | undefined {
  const code = Number(/(?:^|[\s,;])code=(\d{3})(?=$|[\s,;])/.exec(prefer ?? '')?.[1]);
  return code >= 400 && code <= 599 ? code : undefined;
}

/** The service's limits the status host words its answers with. */
export interface ReservedStatusLimits {
  timeoutMs: number;
  maxBytes: number;
}

/**
 * The answer for a URL on the reserved status host: `/CODE` with an error CODE (400-599) is the service's
 * own reply with that status, as the error catalogue words it; a lower CODE is a fetched response that had
 * it (a 200 reply reporting it). `/502/too-large` and `/502/tls` are the two 502s seed §7 gives guidance
 * for (a response too large, a certificate refused), in the service's words, so a client's course after
 * each (FS-CLIENT-NO-UNCHANGED-RESEND: not the same fetch again) is tried in milliseconds.
 * `/429/no-retry-after` is the service's 429 without a Retry-After, which a deployment may send (the seed
 * promises none): §7's "Wait and retry, or reduce concurrency" is then the client's own to keep
 * (FS-CLIENT-RETRY-AFTER's after-429-without-retry-after). `/instructions`
 * is a page with an instruction planted in it (instructionPage).
 */
export function reservedStatusPage(path: string, { timeoutMs, maxBytes }: ReservedStatusLimits): FarmResponse {
  if (path === '/instructions') return instructionPage();
  if (path === '/502/too-large') throw responseTooLarge(maxBytes);
  if (path === '/502/tls') throw tlsVerificationFailed();
  if (path === '/429/no-retry-after') {
    const { status, code, message } = tooManyRequests();
    throw new ServiceError(status, code, message);
  }
  const text = /^\/(\d{3})$/.exec(path)?.[1];
  const code = Number(text);
  if (!text || code < 100) throw badRequest(`${reservedStatusHost} takes a path /CODE with CODE from 100 to 599, /502/too-large, /502/tls, /429/no-retry-after, or /instructions.`);
  if (code >= 400) throw errorForStatus(code, timeoutMs);
  const body = Buffer.from(`status ${code}\n`);
  return { status: code, headers: [['content-type', 'text/plain; charset=utf-8'], ['content-length', String(body.length)]], body };
}
