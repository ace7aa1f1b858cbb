import { textReply, type FarmResponse } from './FarmExchange.ts';
import type { FarmRoute } from './FarmRoute.ts';
import { boundedInteger, queryInteger, QueryError } from './queryInteger.ts';
import { maxMs } from './slowRoutes.ts';
import { waitWhileWanted } from './waitWhileWanted.ts';

/**
 * Where `/redirect/to` points when no `url` is given: a loopback address other than the farm's own, on the
 * discard port, so a service that follows it reaches nothing routable and nothing that answers.
 */
export const defaultPrivateTarget = 'http://127.0.0.2:9/';

export const redirectStatuses = [301, 302, 303, 307, 308] as const;

const maxChain = 1000;

/** `text` as one of the redirect statuses; absent means 302. */
function redirectStatus(text: string | null | undefined): number {
  const status = text ? Number(text) : 302;
  if (!redirectStatuses.some((code) => code === status)) {
    throw new QueryError(`redirect status must be one of ${redirectStatuses.join(', ')}, got "${text}"`);
  }
  return status;
}

function redirect(status: number, location: string): FarmResponse {
  return textReply(status, `redirecting to ${location}\n`, [['Location', location]]);
}

export const redirectRoutes: readonly FarmRoute[] = [
  {
    path: '/redirect/chain/:n',
    summary: `302 to /redirect/chain/N-1 (query kept) until N=0, which answers 200: N hops (N <= ${maxChain})`,
    answer({ url, params }) {
      const hops = boundedInteger('N', params.n, { fallback: 0, min: 0, max: maxChain });
      if (hops === 0) return textReply(200, 'end of the redirect chain\n');
      return redirect(302, `/redirect/chain/${hops - 1}${url.search}`);
    },
  },
  {
    path: '/redirect/loop/:side',
    summary: 'a loop: /redirect/loop/a 302s to /redirect/loop/b and b back to a (query kept)',
    answer({ url, params }) {
      if (params.side !== 'a' && params.side !== 'b') throw new QueryError('the loop has two sides: a and b');
      return redirect(302, `/redirect/loop/${params.side === 'a' ? 'b' : 'a'}${url.search}`);
    },
  },
  {
    path: '/redirect/relative',
    summary: 'a 302 whose Location is the relative reference ../small (query kept)',
    answer({ url }) {
      return redirect(302, `../small${url.search}`);
    },
  },
  {
    path: '/redirect/absolute',
    summary: "a 302 whose Location is an absolute URL of /small on the same listener (query kept)",
    answer({ url, request }) {
      return redirect(302, `${request.origin}/small${url.search}`);
    },
  },
  {
    path: '/redirect/status/:code',
    summary: `redirects to /small with status CODE: one of ${redirectStatuses.join(', ')} (query kept)`,
    answer({ url, params }) {
      return redirect(redirectStatus(params.code), `/small${url.search}`);
    },
  },
  {
    path: '/redirect/to',
    query: 'url=URL&status=CODE&ms=N',
    summary:
      `redirects to URL (default ${defaultPrivateTarget}, loopback) with CODE (default 302), after N ms (default 0): ` +
      'aim it at a canary, at another listener, or at a relative reference ("/page/…", "../…"), sent as is',
    async answer({ url, signal }) {
      const target = redirectTarget(url);
      const status = redirectStatus(url.searchParams.get('status'));
      const ms = redirectDelayMs(url);
      if (ms > 0) await waitWhileWanted(ms, signal);
      return redirect(status, target);
    },
    plannedDelayMs: (url) => redirectDelayMs(url),
  },
  {
    path: '/redirect/query/landed',
    summary: 'where /redirect/query/CODE leads: 200, "landed at " and the request target as the farm received it',
    answer: ({ request }) => landed(request.target),
  },
  {
    path: '/redirect/query/:code',
    query: 'form=FORM',
    summary:
      'a CODE redirect to /redirect/query/landed whose Location keeps the query as received, form= taken out: FORM path-absolute ' +
      '("/redirect/query/landed?…"), path-relative ("landed?…"), dot-relative ("../query/landed?…") or query-only ("?…": this path again, ' +
      'which without form answers as /redirect/query/landed does)',
    answer({ url, params, request }) {
      const form = url.searchParams.get('form');
      if (form === null) return landed(request.target);
      const status = redirectStatus(params.code);
      const path = queryRedirectForms[form as QueryRedirectForm];
      if (path === undefined) throw new QueryError(`form must be one of ${Object.keys(queryRedirectForms).join(', ')}, got "${form}"`);
      // The query as the farm received it, byte for byte (not re-serialised), less the form parameter.
      const at = request.target.indexOf('?');
      const query = (at < 0 ? '' : request.target.slice(at + 1)).split('&').filter((pair) => !pair.startsWith('form=')).join('&');
      return redirect(status, `${path}?${query}`);
    },
  },
];

/** The relative Locations /redirect/query/CODE sends, by form: each resolves to /redirect/query/landed (query-only: to itself). */
export const queryRedirectForms = {
  'path-absolute': '/redirect/query/landed',
  'path-relative': 'landed',
  'dot-relative': '../query/landed',
  'query-only': '',
} as const;
export type QueryRedirectForm = keyof typeof queryRedirectForms;

function landed(target: string): FarmResponse {
  return textReply(200, `landed at ${target}\n`);
}

const redirectDelayMs = (url: URL): number => queryInteger(url, 'ms', { fallback: 0, min: 0, max: maxMs });

/** `url`'s Location: an absolute URL, or a relative reference starting with "/" or "." (resolvable against the request). */
function redirectTarget(url: URL): string {
  const target = url.searchParams.get('url') ?? defaultPrivateTarget;
  const relative = /^[./]/.test(target) && URL.canParse(target, url);
  if (!relative && !URL.canParse(target)) throw new QueryError(`url is not an absolute URL nor a relative reference starting with "/" or ".": "${target}"`);
  return target;
}
