import { shellQuote } from '../exchange/curlCommand.ts';
import type { NearMissRequest } from './core/nearMisses.ts';

/**
 * A curl a shell runs as printed, for a request that carries a value derived from a secret (a near miss of
 * it): the URL as is (single-quoted) but for `shownQuery` appended to it, and each header and the body as
 * shell words in double quotes, so the `$(…)` and `$VARIABLE` in them expand to the bytes sent. curlCommand
 * cannot: it escapes every `$` but a variable's.
 */
export function shellCurl(r: { method: string; url: string; shownQuery?: string; headers: Array<[string, string]>; body?: string }): string {
  const url = r.shownQuery ? `${shellQuote(`${r.url}${r.url.includes('?') ? '&' : '?'}`)}"${r.shownQuery}"` : shellQuote(r.url);
  const parts = ['curl', '-sS', '-i', '-X', r.method, url, ...r.headers.flatMap(([name, value]) => ['-H', `"${name}: ${value}"`])];
  if (r.body !== undefined) parts.push('--data-raw', `"${r.body}"`);
  return parts.join(' ');
}

/** A near miss of the bearer token as a curl that sends the same bytes again: a GET of `url`. */
export function nearMissCurl(url: string, r: NearMissRequest): string {
  const authorization: Array<[string, string]> = r.shownAuthorization ? [['authorization', r.shownAuthorization]] : [];
  return shellCurl({ method: 'GET', url, ...(r.shownQuery ? { shownQuery: r.shownQuery } : {}), headers: [['accept', 'application/json'], ...authorization] });
}
