import { upstreamFailed } from './ServiceError.ts';

/** The statuses whose Location a fetch follows when the caller allows redirects. */
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/**
 * The next URL of a redirect, fragment dropped; a Location that is no URL reference is a 502. Location
 * bytes reach a client as latin1; browsers read them as UTF-8. Where the next hop may go is the
 * destination rule's to say (checkTargetUrl), as for the first.
 */
export function nextHop(location: string, base: URL): URL {
  const utf8 = Buffer.from(location, 'latin1').toString('utf8');
  const text = utf8.includes('\uFFFD') ? location : utf8;
  const next = URL.parse(text, base);
  if (!next) throw upstreamFailed('The fetched URL redirected to an invalid location.');
  next.hash = '';
  return next;
}
