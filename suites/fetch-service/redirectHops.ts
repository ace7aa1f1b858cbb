import { replied, resultOf } from './expectations.ts';
import type { Exchange } from './fetchClient.ts';
import type { Verdict } from './judge.ts';
import { newProbe, type FarmRequest } from './originFarm.ts';
import type { SuiteTarget } from './SuiteTarget.ts';

/** The redirect statuses a hop probe takes. */
export const hopStatuses = [301, 302, 303, 307, 308] as const;

/** How a Location is written: absolute, or one of the relative forms the farm's /redirect/query/CODE sends. */
export const hopForms = ['absolute', 'path-absolute', 'path-relative', 'dot-relative', 'query-only'] as const;
export type Form = (typeof hopForms)[number];

/** The farm's own relative Locations (mocks/origin/redirectRoutes.ts, /redirect/query/CODE), as it documents them. */
export const relativeLocations: Record<Exclude<Form, 'absolute'>, string> = {
  'path-absolute': '/redirect/query/landed',
  'path-relative': 'landed',
  'dot-relative': '../query/landed',
  'query-only': '',
};

/**
 * A query as RFC 3986 writes it, and as no normalisation may change: several parameters, one repeated and
 * one empty, percent-encoded UTF-8, a space, and reserved characters encoded ("%2F%3F%3D%26") and raw
 * ("/" and "?", which a query holds as they are), "+" that is no space. Nothing in it that the WHATWG URL
 * parser encodes on its own (a space, a quote, "'"), so a service that parses URLs as browsers do sends it
 * unchanged.
 */
export const hopQuery = 'a=1&b=two%20words&c=%E2%9C%93&d=x%2Fy%3Fz%3D1%26w&e=&a=2&f=1+1&g=/p?q';

/**
 * A request target in the form RFC 3986 §6.2.2 calls equivalent: percent-encodings in uppercase, and the
 * unreserved characters (ALPHA, DIGIT, "-", ".", "_", "~") decoded.
 */
export function normalTarget(target: string): string {
  return target.replace(/%([0-9a-fA-F]{2})/g, (_m, hex: string) => {
    const c = String.fromCharCode(parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(c) ? c : `%${hex.toUpperCase()}`;
  });
}

/** One probe: a redirect of `status` with a Location in `form` whose query is `hopQuery`, and where it must lead. */
export interface HopProbe {
  status: number;
  form: Form;
  probe: string;
  url: string;
  location: string;
  /** The request target the first request must have, and the hop's: the Location resolved against the first URL. */
  first: string;
  hop: string;
}

export function hopProbe(s: SuiteTarget, status: number, form: Form): HopProbe {
  const probe = newProbe();
  const query = `probe=${probe}&${hopQuery}`;
  // Built as text, never through URLSearchParams, which would write the query anew ("%20" as "+").
  const location = form === 'absolute' ? s.farm.url('httpUrl', `/redirect/query/landed?${query}`) : `${relativeLocations[form]}?${query}`;
  const url = form === 'absolute'
    ? s.farm.url('httpUrl', `/redirect/to?status=${status}&probe=${probe}&url=${encodeURIComponent(location)}`)
    : s.farm.url('httpUrl', `/redirect/query/${status}?form=${form}&${query}`);
  const target = (u: URL) => u.pathname + u.search;
  return { status, form, probe, url, location, first: target(new URL(url)), hop: target(new URL(location, url)) };
}

/** The request target a result's page says the farm got ("landed at …"), when it is one of the farm's landing pages. */
function landedAt(x: Exchange): string | undefined {
  const content = resultOf(x)?.content;
  return typeof content === 'string' ? /^landed at (\S*)\n?$/.exec(content)?.[1] : undefined;
}

/**
 * What is wrong with how the service followed one redirect: the farm's request log is the proof where the
 * service reached the farm over the network (the first request logged); a target that answers the farm's
 * pages in memory (the mock) is judged by what its result's page says it was asked for.
 */
export function hopProblem(p: HopProbe, x: Exchange, logged: FarmRequest[]): Pick<Verdict, 'problem' | 'cause'> {
  const result = resultOf(x);
  if (!result) return { problem: `${replied(x)}; expected 200 with the page the redirect leads to` };
  const said = landedAt(x);
  if (said === undefined) {
    const code = result.statusCode;
    if (typeof code === 'number' && code >= 300 && code < 400) return { problem: `the ${p.status} came back as the result: it was not followed`, cause: 'the redirect was not followed' };
    return { problem: `the result is not the page the redirect leads to (statusCode ${JSON.stringify(code)})`, cause: 'the result is not the page the redirect leads to' };
  }
  const expected = normalTarget(p.hop);
  const resolved = `the Location ${JSON.stringify(p.location)} resolved against ${JSON.stringify(p.first)} is ${JSON.stringify(p.hop)}`;
  const wrongHop = (requested: string[], how: string) => ({ problem: `the hop requested ${requested.map((h) => JSON.stringify(h)).join(', ')} (${how}); ${resolved}`, cause: "the hop's request is not the Location resolved, whole" });
  const first = logged.find((r) => normalTarget(r.path) === normalTarget(p.first));
  if (!first) {
    if (logged.length) return { problem: `the first request was ${logged.map((r) => JSON.stringify(r.path)).join(', ')}, not the URL asked for (${JSON.stringify(p.first)})`, cause: 'the first request is not the URL asked for' };
    return normalTarget(said) === expected ? {} : wrongHop([said], 'the page it reached says so');
  }
  // A first request made twice (a retry) is no hop.
  const hops = logged.filter((r) => normalTarget(r.path) !== normalTarget(p.first)).map((r) => r.path);
  if (!hops.length) {
    return {
      problem: `the origin farm logged no request carrying the probe after the ${p.status}, whose Location's query carries it (the page reached says it was asked for ${JSON.stringify(said)}); ${resolved}`,
      cause: "the hop's request lost the Location's query",
    };
  }
  const wrong = hops.filter((h) => normalTarget(h) !== expected);
  return wrong.length ? wrongHop(wrong, "the origin farm's log") : {};
}
