import { randomUUID } from 'node:crypto';
import type { FarmInfo } from '../../../mocks/origin/FarmRoute.ts';
import { isObject } from '../expectations.ts';
import type { BrokenVariant } from './brokenVariants.ts';
import { farmGet, gopherGet } from './farmGet.ts';
import { DroppedConnection, parseJson, withJson, type ProxiedReply, type ProxiedRequest, type Transform } from './startRewritingProxy.ts';

/** The fetch a request asks for, when its body is a JSON object with a url. */
function fetchOf(request: ProxiedRequest): { url: string; allowRedirects: boolean } | undefined {
  const body = parseJson(request.text);
  return isObject(body) && typeof body.url === 'string' ? { url: body.url, allowRedirects: body.allowRedirects === true } : undefined;
}

/** What a leaky service adds to each hop of one request's fetch; undefined when it adds nothing to any. */
type Leak = (request: ProxiedRequest, fetch: { url: string; allowRedirects: boolean }) => ((hop: number) => Record<string, string>) | undefined;

/**
 * A service that sends the origin more than it should: before the reference answers, the variant GETs
 * the page itself (farm only) with what `leak` adds on each hop, as a leaky service's own fetch would.
 * Only for requests with the issued key and pages that answer at once, so the extra GET slows no check
 * that waits on a slow page.
 */
function leaking(env: { apiKey: string; farm: FarmInfo }, leak: Leak): Transform {
  return async (request, forward) => {
    const wanted = fetchOf(request);
    const path = wanted ? URL.parse(wanted.url)?.pathname : undefined;
    const headersFor = wanted && request.headers['x-svc-api-key'] === env.apiKey ? leak(request, wanted) : undefined;
    if (wanted && headersFor && (path === '/small' || path?.startsWith('/redirect/'))) {
      await farmGet(wanted.url, env.farm, { follow: wanted.allowRedirects, headersFor }).catch(() => undefined);
    }
    return forward(request);
  };
}

/** A 200 fetch result holding `content`, as a service that read something itself would answer. */
function resultReply(content: string): ProxiedReply {
  const result = { id: randomUUID(), statusCode: 200, headers: { 'content-type': 'text/plain' }, content, contentType: 'text/plain', encoding: 'utf-8' };
  return withJson({ status: 200, headers: { 'content-type': 'application/json' }, text: '', json: undefined }, result);
}

/** How deep brackets nest in JSON text (strings skipped), for bodies short enough to scan. */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') deepest = Math.max(deepest, ++depth);
    else if (c === ']' || c === '}') depth--;
  }
  return deepest;
}

/** Variants that break one security clause each (the catalogue's `security` group). */
export const securityVariants: BrokenVariant[] = [
  {
    name: 'forwards the key to the origin, base64-encoded as Basic credentials',
    breaks: ['FS-SEC-KEY-FORWARD'],
    transform: (env) => leaking(env, () => () => ({ authorization: `Basic ${Buffer.from(`fetch:${env.apiKey}`).toString('base64')}` })),
    failureMentions: ['the first request (no redirect)', 'the API key in header authorization (base64)'],
  },
  {
    name: "forwards the caller's Authorization on redirect hops only",
    breaks: ['FS-SEC-CALLER-HEADERS'],
    transform: (env) =>
      leaking(env, ({ headers: { authorization } }, { allowRedirects }) => (authorization !== undefined && allowRedirects ? (hop): Record<string, string> => (hop > 0 ? { authorization } : {}) : undefined)),
    failureMentions: [
      'a 302 to the same origin (absolute Location)',
      "a 302 to another origin (the farm's TLS listener)",
      "the origin received: GET /small?probe=",
      "(https listener) carried the caller's Authorization in header authorization",
    ],
    // The first hop of each probe carried nothing: only the hops after a redirect are named.
    failureOmits: ['the first request (no redirect): what the origin received', 'GET /redirect/absolute?', 'GET /redirect/relative?', 'GET /redirect/chain/3?', 'GET /redirect/status/', 'GET /redirect/to?'],
  },
  {
    name: 'echoes the key in its error messages',
    breaks: ['FS-SEC-KEY-ECHO'],
    transform: ({ apiKey }) => async (request, forward) => {
      const reply = await forward(request);
      if (reply.status < 400 || !isObject(reply.json) || request.headers['x-svc-api-key'] !== apiKey) return reply;
      return withJson(reply, { ...reply.json, message: `${String(reply.json.message)} (request made with API key ${apiKey})` });
    },
    failureMentions: ['400: url absent', 'in its body'],
  },
  {
    name: 'reads data: URLs',
    breaks: ['FS-SEC-SCHEME'],
    transform: () => async (request, forward) => {
      const wanted = fetchOf(request);
      if (!wanted?.url.startsWith('data:')) return forward(request);
      return resultReply(await (await fetch(wanted.url)).text());
    },
    failureMentions: ['a data: URL', 'the reply holds what is at the URL'],
  },
  {
    name: 'follows a redirect to gopher:',
    breaks: ['FS-SEC-SCHEME-REDIRECT'],
    transform: ({ farm }) => async (request, forward) => {
      const wanted = fetchOf(request);
      const url = wanted?.allowRedirects ? URL.parse(wanted.url) : null;
      // A redirect the farm holds back (ms=) is one of the timeout probes: asking it here would outlast
      // farmGet's own deadline on a loaded machine and turn the probe's 504 into this proxy's 502.
      if (url?.pathname !== '/redirect/to' || url.searchParams.has('ms')) return forward(request);
      const hop = await farmGet(wanted!.url, farm, { follow: false });
      return hop?.location?.startsWith('gopher:') ? resultReply(await gopherGet(hop.location)) : forward(request);
    },
    failureMentions: ['gopher carrying an HTTP request', 'the origin farm received the request the URL carries'],
  },
  {
    name: 'crashes on a huge or deeply nested body',
    breaks: ['FS-SEC-REQUEST-LIMITS'],
    transform: () => async (request, forward) => {
      if (request.size > 16 << 20 || (request.size < 1 << 20 && nestingDepth(request.text) > 10_000)) throw new DroppedConnection();
      return forward(request);
    },
    // One cause (no answer) for all four: three shown as examples, the fourth counted.
    failureMentions: ['4 of 5 requests', '32 MiB, an unterminated string, with a Content-Length', '32 MiB, an unterminated string, chunked', 'arrays nested', 'no HTTP answer'],
    failureOmits: ['the next request, a page:'],
  },
];
