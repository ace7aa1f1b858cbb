import { resultOf } from './expectations.ts';
import type { Exchange, FetchCall } from './fetchClient.ts';
import type { FarmListeners } from './originFarm.ts';
import type { SuiteTarget } from './SuiteTarget.ts';

/** The page every redirect of the tour leads to: every field of its result differs from a redirect's. */
export const tourPage = '/page/windows-1252';

/** One way of reaching `tourPage` through a redirect: the path id of the clause × path matrix, and the fetch. */
export interface TourRow {
  path: string;
  label: string;
  /** The first URL asked for. */
  url: string;
  /** allowInsecureSsl: true where a hop is on the farm's TLS listeners, whose certificate a target need not trust. */
  insecure: boolean;
  /** The redirect's status. */
  status: number;
}

type Listener = keyof FarmListeners;

const redirectTo = (listeners: FarmListeners, from: Listener, status: number, location: string): string =>
  `${listeners[from]}/redirect/to?status=${status}&url=${encodeURIComponent(location)}`;

/**
 * Every kind of redirect a fetch can go through, each to `tourPage`: each redirect status with an absolute
 * Location on the same origin; relative Locations (path-absolute and with dot segments); a scheme change
 * up (http to the farm's TLS listener) and down (TLS to http), both cross-origin; and a cross-origin hop
 * that keeps the scheme (the TLS listener to another TLS listener, whose certificate has expired).
 * `finalProbe` goes on the final URL, so the farm's log shows whether it was fetched.
 */
export function tourRows(listeners: FarmListeners, finalProbe?: (row: string) => string | undefined): TourRow[] {
  const final = (listener: Listener, row: string): string => {
    const url = new URL(tourPage, listeners[listener]);
    const probe = finalProbe?.(row);
    if (probe) url.searchParams.set('probe', probe);
    return url.href;
  };
  const relative = (row: string, reference: string): string => {
    const probe = finalProbe?.(row);
    return probe ? `${reference}?probe=${probe}` : reference;
  };
  const rows: TourRow[] = [301, 302, 303, 307, 308].map((status) => ({
    path: `after-${status}`,
    label: `a ${status} to an absolute URL on the same origin`,
    url: redirectTo(listeners, 'httpUrl', status, final('httpUrl', `after-${status}`)),
    insecure: false,
    status,
  }));
  rows.push(
    { path: 'relative-location', label: 'a 302 whose Location is path-absolute (/page/…)', url: redirectTo(listeners, 'httpUrl', 302, relative('relative-location', tourPage)), insecure: false, status: 302 },
    { path: 'relative-dot-location', label: 'a 307 whose Location has dot segments (../page/…)', url: redirectTo(listeners, 'httpUrl', 307, relative('relative-dot-location', `..${tourPage}`)), insecure: false, status: 307 },
    { path: 'scheme-upgrade', label: "a 302 from http to the farm's TLS listener (another origin)", url: redirectTo(listeners, 'httpUrl', 302, final('httpsUrl', 'scheme-upgrade')), insecure: true, status: 302 },
    { path: 'scheme-downgrade', label: "a 301 from the farm's TLS listener to http (another origin)", url: redirectTo(listeners, 'httpsUrl', 301, final('httpUrl', 'scheme-downgrade')), insecure: true, status: 301 },
    { path: 'cross-origin', label: 'a 308 from one TLS listener to another (same scheme, another origin)', url: redirectTo(listeners, 'httpsUrl', 308, final('expiredTlsUrl', 'cross-origin')), insecure: true, status: 308 },
  );
  return rows;
}

/** A row's fetch: redirects followed, or not, as `allowRedirects` says (omitted when undefined). */
export function tourCall(row: TourRow, allowRedirects: boolean | undefined): FetchCall {
  return { body: { url: row.url, ...(allowRedirects === undefined ? {} : { allowRedirects }), ...(row.insecure ? { allowInsecureSsl: true } : {}) } };
}

export interface TourStop {
  row: TourRow;
  exchange: Exchange;
}

/**
 * The tour with redirects followed, made once per target and judged by every result clause (FS-RESULT-*,
 * FS-CONTENT-TYPE, FS-ENCODING, FS-REDIRECT-FOLLOW) for its own field.
 */
export function followedTour(s: SuiteTarget): Promise<TourStop[]> {
  return s.shared('redirect-tour', () => Promise.all(tourRows(s.farm.listeners).map(async (row) => ({ row, exchange: await s.client.post(tourCall(row, true)) }))));
}

/**
 * Whether the service followed the redirect, as far as its reply shows: a 200 result that does not report
 * the redirect itself (a 3xx whose content is not the page's). A result that reports the final page's body
 * under a 3xx status did follow, and is wrong on the status alone; one that reports the redirect's body under
 * the final page's status did follow, and is wrong on the content alone. What was not followed is
 * FS-REDIRECT-FOLLOW's business, not the result fields'.
 */
export function followed(x: Exchange, pageText: string | null): boolean {
  const result = resultOf(x);
  if (!result) return false;
  const status = result.statusCode;
  return !(typeof status === 'number' && status >= 300 && status < 400 && result.content !== pageText);
}
