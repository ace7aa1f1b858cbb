import { farmPages } from '../../../mocks/origin/farmPages.ts';
import type { FarmInfo } from '../../../mocks/origin/FarmRoute.ts';
import { TextDecoder } from '../../../src/encoding/TextDecoder.ts';
import type { StartOptions } from '../../../src/fetch-service/startFetchService.ts';
import { isObject } from '../expectations.ts';
import { tourRows } from '../redirectTour.ts';
import { encodeWindows1252 } from './encodeWindows1252.ts';
import { farmGet } from './farmGet.ts';
import { isPrivateUrl } from './isPrivateUrl.ts';
import { withBody, withJson, type ProxiedReply, type ProxiedRequest, type Transform } from './startRewritingProxy.ts';

/**
 * A fetch service broken on purpose: the reference with other options, or the reference behind a proxy
 * that bends one behaviour. The suite must fail exactly the clauses in `breaks`, and no other.
 */
export interface BrokenVariant {
  name: string;
  breaks: string[];
  reference?: Partial<StartOptions>;
  /** Given what the variant needs to know: the issued key, a URL on the farm, the farm. */
  transform?: (env: { apiKey: string; pageUrl: string; farm: FarmInfo }) => Transform;
  /** Text the failures (headline, finding, evidence) must hold (the probes that caught it), and text they must not. */
  failureMentions?: string[];
  failureOmits?: string[];
}

type Body = Record<string, unknown>;

/** Rewrites the JSON object body of each request (other bodies pass untouched). */
const requests = (change: (body: Body) => unknown): Transform => (request, forward) => {
  const body = parse(request);
  return forward(isObject(body) ? withBody(request, change({ ...body })) : request);
};

/** Rewrites each reply whose status matches, as parsed JSON. */
const replies = (when: (status: number) => boolean, change: (body: Body, reply: ProxiedReply) => ProxiedReply): Transform => async (request, forward) => {
  const reply = await forward(request);
  return when(reply.status) && isObject(reply.json) ? change({ ...reply.json }, reply) : reply;
};

const results = (change: (result: Body) => Body): Transform => replies((status) => status === 200, (body, reply) => withJson(reply, change(body)));

const errorReply = (reply: ProxiedReply, status: number, error: string, message: string): ProxiedReply => withJson(reply, { statusCode: status, error, message }, status);

/** An error reply the variant gives on its own, without asking the reference. */
const ownError = (status: number, error: string, message: string): ProxiedReply =>
  errorReply({ status, headers: { 'content-type': 'application/json' }, text: '', json: undefined }, status, error, message);

function parse(request: ProxiedRequest): unknown {
  try {
    return JSON.parse(request.text) as unknown;
  } catch {
    return undefined;
  }
}

let nextId = 1;

/** The fetch request's body when it is a JSON object with a url: what a variant that bends one path looks at. */
function fetchBody(request: ProxiedRequest): (Body & { url: string }) | undefined {
  const body = parse(request);
  return isObject(body) && typeof body.url === 'string' ? (body as Body & { url: string }) : undefined;
}

/** Rewrites the 200 results of the requests `when` picks (by their body); the others pass untouched. */
const resultsOf = (when: (body: Body & { url: string }) => boolean, change: (result: Body, body: Body & { url: string }) => Body): Transform => async (request, forward) => {
  const body = fetchBody(request);
  const reply = await forward(request);
  return body && when(body) && reply.status === 200 && isObject(reply.json) ? withJson(reply, change({ ...reply.json }, body)) : reply;
};

/** Picks the followed fetch of one path of the redirect tour (redirectTour.ts) by its first URL. */
const tourStop = (farm: FarmInfo, path: string) => {
  const url = tourRows(farm).find((row) => row.path === path)!.url;
  return (body: Body & { url: string }): boolean => body.url === url && body.allowRedirects === true;
};

/** The `/redirect/to` a URL names, and where that redirect points (resolved); undefined for any other URL. */
function redirectTarget(url: string): { status: string; target: URL } | undefined {
  const parsed = URL.parse(url);
  const location = parsed?.pathname === '/redirect/to' ? parsed.searchParams.get('url') : null;
  const target = location === null ? undefined : URL.parse(location, parsed!);
  return target ? { status: parsed!.searchParams.get('status') ?? '302', target } : undefined;
}

/** Whether a URL is one of FS-REDIRECT-FOLLOW's hop probes: a farm redirect whose Location carries a query (redirectHopChecks.ts). */
function isQueryRedirect(url: string): boolean {
  const parsed = URL.parse(url);
  if (parsed?.pathname.startsWith('/redirect/query/')) return true;
  return redirectTarget(url)?.target.pathname === '/redirect/query/landed';
}

/**
 * A service that gets a hop probe's Location wrong: it asks the farm for the first URL itself, as the
 * service would, and has the reference fetch `bend`'s version of the Location resolved in its place.
 */
const bendsQueryHop = (farm: FarmInfo, bend: (hop: URL) => string): Transform => async (request, forward) => {
  const body = fetchBody(request);
  if (!body || body.allowRedirects !== true || !isQueryRedirect(body.url)) return forward(request);
  const first = await farmGet(body.url, farm, { follow: false });
  if (!first?.location) return forward(request);
  return forward(withBody(request, { ...body, url: bend(new URL(first.location, body.url)) }));
};

/**
 * A service that decodes the page at `path` (asked for directly) with `encoding` and says so: wrong, and
 * consistent (content is the body decoded as it claims), so only the encoding rule is broken.
 */
const misdecodes = (path: string, encoding: string): Transform => {
  const bytes = farmPages.find((p) => p.path === path)!.body;
  const content = new TextDecoder(encoding).decode(bytes);
  return resultsOf((b) => URL.parse(b.url)?.pathname === path, (r) => ({ ...r, encoding, content }));
};

export const brokenVariants: BrokenVariant[] = [
  {
    name: 'follows redirects by default',
    breaks: ['FS-REDIRECT-DEFAULT'],
    transform: () => requests((b) => ({ ...b, allowRedirects: b.allowRedirects === undefined || b.allowRedirects === false ? true : b.allowRedirects })),
  },
  {
    name: 'follows no redirect even when asked',
    breaks: ['FS-REDIRECT-FOLLOW'],
    transform: () => requests((b) => ({ ...b, allowRedirects: b.allowRedirects === true ? false : b.allowRedirects })),
  },
  {
    name: 'skips TLS verification',
    breaks: ['FS-TLS-DEFAULT', 'FS-502-TLS'],
    transform: () => requests((b) => ({ ...b, allowInsecureSsl: b.allowInsecureSsl === undefined || b.allowInsecureSsl === false ? true : b.allowInsecureSsl })),
  },
  {
    name: 'answers 500 instead of 502 for an oversized body',
    breaks: ['FS-502-SIZE', 'FS-SPEC-RESPONSE'],
    transform: () => replies((status) => status === 502, (body, reply) => (String(body.message).includes('larger than') ? errorReply(reply, 500, 'Internal Server Error', 'The page was too large.') : reply)),
  },
  {
    name: 'answers 502 instead of 504 for a timeout',
    breaks: ['FS-504'],
    transform: () => replies((status) => status === 504, (body, reply) => errorReply(reply, 502, 'Bad Gateway', String(body.message))),
  },
  {
    name: 'has no concurrency limit',
    breaks: ['FS-429'],
    reference: { maxConcurrency: 1000 },
  },
  {
    name: 'takes a per-request timeout field',
    breaks: ['FS-TIMEOUT-FIXED'],
    transform: () => async (request, forward) => {
      const body = parse(request);
      const seconds = isObject(body) && typeof body.timeout === 'number' ? body.timeout : undefined;
      if (seconds === undefined) return forward(request);
      const cut = new AbortController();
      const timer = setTimeout(() => cut.abort(), seconds * 1000);
      try {
        return await forward({ ...request, signal: AbortSignal.any([request.signal, cut.signal]) });
      } catch {
        return errorReply({ status: 504, headers: { 'content-type': 'application/json' }, text: '', json: undefined }, 504, 'Gateway Timeout', 'The fetch timed out.');
      } finally {
        clearTimeout(timer);
      }
    },
  },
  {
    name: 'sends error bodies as {code, message}',
    breaks: ['FS-ERROR-BODY', 'FS-SPEC-RESPONSE'],
    transform: () => replies((status) => status >= 400, (body, reply) => withJson(reply, { code: reply.status, message: body.message })),
  },
  {
    name: 'sends replies as text/plain',
    breaks: ['FS-REPLY-JSON', 'FS-SPEC-RESPONSE'],
    transform: () => async (request, forward) => {
      const reply = await forward(request);
      return { ...reply, headers: { ...reply.headers, 'content-type': 'text/plain; charset=utf-8' } };
    },
  },
  {
    name: 'needs no key',
    // The key in another header is served too, as every request is.
    breaks: ['FS-AUTH-REQUIRED', 'FS-AUTH-HEADER-ONLY'],
    transform: ({ apiKey }) => (request, forward) => forward({ ...request, headers: { ...request.headers, 'x-svc-api-key': apiKey } }),
  },
  {
    name: 'repairs a bad url with a default page',
    // Host-less http URLs and other schemes are bad urls too: repaired, they are fetched.
    breaks: ['FS-400-URL', 'FS-SEC-SCHEME'],
    transform: ({ pageUrl }) => requests((b) => (typeof b.url === 'string' && /^https?:\/\/[^/\s]+\/\S*$/.test(b.url) ? b : { ...b, url: pageUrl })),
  },
  {
    name: 'coerces option types',
    breaks: ['FS-400-TYPE'],
    transform: () => requests((b) => Object.fromEntries(Object.entries(b).map(([k, v]) => [k, k === 'url' ? v : Boolean(v)]))),
  },
  {
    name: 'takes any JSON as the url',
    breaks: ['FS-400-BODY'],
    transform: ({ pageUrl }) => async (request, forward) => {
      const body = parse(request);
      if (body === undefined || isObject(body)) return forward(request);
      return forward(withBody(request, Array.isArray(body) && isObject(body[0]) ? body[0] : { url: typeof body === 'string' ? body : pageUrl }));
    },
  },
  {
    name: 'refuses proxies: true',
    breaks: ['FS-PROXIES-OPTION'],
    transform: () => async (request, forward) => {
      const body = parse(request);
      if (isObject(body) && body.proxies === true) return errorReply(await forward(request), 400, 'Bad Request', 'proxies is not supported.');
      return forward(request);
    },
  },
  {
    name: 'gives every result the same id',
    breaks: ['FS-RESULT-ID-UNIQUE'],
    transform: () => results((r) => ({ ...r, id: 'fetch-1' })),
  },
  {
    name: 'gives numeric ids',
    breaks: ['FS-RESULT-SHAPE', 'FS-SPEC-RESPONSE'],
    transform: () => results((r) => ({ ...r, id: nextId++ })),
  },
  {
    name: 'gives repeated headers as arrays and lengths as numbers',
    breaks: ['FS-RESULT-SHAPE', 'FS-RESULT-HEADERS', 'FS-SPEC-RESPONSE'],
    transform: () =>
      results((r) => ({
        ...r,
        headers: Object.fromEntries(Object.entries(r.headers as Body).map(([n, v]) => [n, n === 'content-length' ? Number(v) : String(v).includes(', ') ? String(v).split(', ') : v])),
      })),
  },
  {
    name: 'turns an origin error status into its own error',
    breaks: ['FS-RESULT-STATUS'],
    transform: () => replies((status) => status === 200, (body, reply) => (Number(body.statusCode) >= 400 ? errorReply(reply, 502, 'Bad Gateway', 'The origin answered with an error.') : reply)),
  },
  {
    name: 'reports the Content-Type header whole as contentType',
    breaks: ['FS-CONTENT-TYPE', 'FS-SPEC-RESPONSE'],
    transform: () => results((r) => ({ ...r, contentType: (r.headers as Body)['content-type'] ?? r.contentType })),
  },
  {
    name: 'decodes windows-1252 as UTF-8',
    breaks: ['FS-ENCODING'],
    // The bytes decoded as UTF-8 and called so: wrong, and still consistent (FS-RESULT-CONTENT holds).
    transform: () => results((r) => (r.encoding === 'windows-1252' ? { ...r, encoding: 'utf-8', content: encodeWindows1252(String(r.content)).toString('utf8') } : r)),
  },
  {
    name: 'admits loopback destinations',
    breaks: ['FS-SSRF', 'FS-INSECURE-PRIVATE'],
    reference: { allowHosts: ['127.0.0.1', '127.0.0.2', 'localhost', '[::1]'] },
  },

  // One variant per path the suite judges beside the first request: each bends the rule on that path only.
  {
    name: 'after a followed 301, lists the redirect chain as an array among the headers',
    breaks: ['FS-RESULT-SHAPE', 'FS-SPEC-RESPONSE'],
    transform: ({ farm }) => resultsOf(tourStop(farm, 'after-301'), (r, b) => ({ ...r, headers: { ...(r.headers as Body), 'x-redirect-chain': [b.url] } })),
    failureMentions: ['a 301 to an absolute URL on the same origin', 'x-redirect-chain'],
  },
  {
    name: "after a followed 302, reports the redirect's status",
    breaks: ['FS-RESULT-STATUS'],
    transform: ({ farm }) => resultsOf(tourStop(farm, 'after-302'), (r) => ({ ...r, statusCode: 302 })),
    failureMentions: ['a 302 to an absolute URL on the same origin', 'statusCode 302'],
  },
  {
    name: "after a followed 303, reports the redirect's body as the content",
    breaks: ['FS-RESULT-CONTENT'],
    transform: ({ farm }) => resultsOf(tourStop(farm, 'after-303'), (r, b) => ({ ...r, content: `redirecting to ${redirectTarget(b.url)!.target.href}\n` })),
    failureMentions: ['a 303 to an absolute URL on the same origin'],
  },
  {
    name: "after a followed 307, reports the redirect's headers instead of the page's",
    breaks: ['FS-RESULT-HEADERS'],
    transform: ({ farm }) =>
      resultsOf(tourStop(farm, 'after-307'), (r, b) => {
        const location = redirectTarget(b.url)!.target.href;
        return { ...r, headers: { location, 'content-type': 'text/plain; charset=utf-8', 'content-length': String(Buffer.byteLength(`redirecting to ${location}\n`)) } };
      }),
    failureMentions: ['a 307 to an absolute URL on the same origin', 'a header of the redirect'],
  },
  {
    name: "after a followed 308, reports the redirect's content type",
    breaks: ['FS-CONTENT-TYPE'],
    transform: ({ farm }) => resultsOf(tourStop(farm, 'after-308'), (r) => ({ ...r, contentType: 'text/plain' })),
    failureMentions: ['a 308 to an absolute URL on the same origin'],
  },
  {
    name: 'after a redirect from http to https, decodes the page as UTF-8',
    breaks: ['FS-ENCODING'],
    transform: ({ farm }) => {
      const bytes = farmPages.find((p) => p.path === '/page/windows-1252')!.body;
      return resultsOf(tourStop(farm, 'scheme-upgrade'), (r) => ({ ...r, encoding: 'utf-8', content: new TextDecoder('utf-8').decode(bytes) }));
    },
    failureMentions: ["a 302 from http to the farm's TLS listener"],
  },
  {
    name: 'after a followed redirect, derives the id from the final URL',
    breaks: ['FS-RESULT-ID-UNIQUE'],
    transform: () => resultsOf((b) => b.allowRedirects === true && redirectTarget(b.url) !== undefined, (r, b) => ({ ...r, id: `fetch:${redirectTarget(b.url)!.target.pathname}` })),
  },
  {
    name: 'does not follow a redirect to another origin',
    breaks: ['FS-REDIRECT-FOLLOW'],
    transform: () =>
      requests((b) => {
        const hop = typeof b.url === 'string' ? redirectTarget(b.url) : undefined;
        return hop && hop.target.origin !== new URL(b.url as string).origin ? { ...b, allowRedirects: false } : b;
      }),
    failureMentions: ["a 302 from http to the farm's TLS listener", 'it was not followed'],
  },
  {
    name: 'does not follow a relative Location',
    breaks: ['FS-REDIRECT-FOLLOW'],
    transform: () =>
      requests((b) => {
        const url = typeof b.url === 'string' ? URL.parse(b.url) : null;
        const location = url?.pathname === '/redirect/to' ? url.searchParams.get('url') : null;
        return url?.pathname === '/redirect/relative' || (location !== null && /^[./]/.test(location)) ? { ...b, allowRedirects: false } : b;
      }),
    failureMentions: ['a 302 whose Location is path-absolute', 'a 307 whose Location has dot segments'],
  },
  {
    name: 'follows a redirect to another origin by default',
    breaks: ['FS-REDIRECT-DEFAULT'],
    transform: () =>
      requests((b) => {
        const hop = typeof b.url === 'string' ? redirectTarget(b.url) : undefined;
        return hop && b.allowRedirects !== true && hop.target.origin !== new URL(b.url as string).origin ? { ...b, allowRedirects: true } : b;
      }),
    failureMentions: ['allowRedirects omitted', 'the origin farm received the page the redirect points to'],
  },
  {
    name: 'skips TLS verification on a redirect hop',
    breaks: ['FS-TLS-DEFAULT', 'FS-502-TLS'],
    transform: ({ farm }) => {
      const unverifiable = [new URL(farm.expiredTlsUrl).origin, new URL(farm.wrongHostTlsUrl).origin];
      return requests((b) => {
        const hop = typeof b.url === 'string' && b.allowRedirects === true ? redirectTarget(b.url) : undefined;
        return hop && unverifiable.includes(hop.target.origin) ? { ...b, allowInsecureSsl: true } : b;
      });
    },
    failureMentions: ['reached through a followed 307'],
    failureOmits: ['"label":"expired certificate, allowInsecureSsl omitted"'],
  },
  {
    name: 'checks private destinations on every redirect hop but a 303',
    breaks: ['FS-SSRF', 'FS-INSECURE-PRIVATE'],
    // The reference admits loopback; this proxy refuses what the reference would, save behind a 303.
    reference: { allowHosts: ['127.0.0.1', '127.0.0.2', 'localhost', '[::1]'] },
    transform: ({ farm }) => async (request, forward) => {
      const body = fetchBody(request);
      const hop = body ? redirectTarget(body.url) : undefined;
      const privateHop = hop !== undefined && hop.status !== '303' && isPrivateUrl(hop.target, farm);
      if (body && (isPrivateUrl(body.url, farm) || privateHop)) return ownError(403, 'Forbidden', 'The destination is not permitted.');
      return forward(request);
    },
    failureMentions: ["a 303 from the farm's http listener"],
  },
  {
    name: 'skips the key check for a body sent as text/plain',
    breaks: ['FS-AUTH-REQUIRED'],
    transform: ({ apiKey }) => (request, forward) =>
      forward(request.headers['content-type'] === 'text/plain' ? { ...request, headers: { ...request.headers, 'content-type': 'application/json', 'x-svc-api-key': apiKey } } : request),
    failureMentions: ['a JSON body sent as text/plain'],
    failureOmits: ['"label":"no X-SVC-API-Key header, a JSON body (application/json)"'],
  },
  {
    name: 'answers a keyless request without a body as a health check (200)',
    breaks: ['FS-AUTH-REQUIRED', 'FS-SPEC-RESPONSE'],
    transform: ({ apiKey }) => async (request, forward) => {
      const reply = await forward(request);
      return request.size === 0 && request.headers['x-svc-api-key'] !== apiKey ? withJson(reply, { status: 'ok' }, 200) : reply;
    },
    failureMentions: ['an empty body'],
  },
  {
    name: 'refuses application/json with a charset parameter (415)',
    breaks: ['FS-AUTH-KEY'],
    transform: () => async (request, forward) =>
      /;\s*charset=/i.test(request.headers['content-type'] ?? '') ? ownError(415, 'Unsupported Media Type', 'Send application/json.') : forward(request),
    failureMentions: ['Content-Type: application/json; charset=utf-8'],
  },
  {
    name: 'takes the key from Authorization: Bearer too',
    breaks: ['FS-AUTH-HEADER-ONLY'],
    transform: () => (request, forward) => {
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      return forward(bearer && !request.headers['x-svc-api-key'] ? { ...request, headers: { ...request.headers, 'x-svc-api-key': bearer } } : request);
    },
    failureMentions: ['the key in Authorization: Bearer instead'],
  },
  // Near misses a sloppy comparison or a lenient parser lets through (keyNearMisses.ts, validationChecks.ts).
  {
    name: 'compares the key by prefix (takes the key with characters appended)',
    breaks: ['FS-AUTH-REQUIRED'],
    transform: ({ apiKey }) => (request, forward) => forward(request.headers['x-svc-api-key']?.startsWith(apiKey) ? { ...request, headers: { ...request.headers, 'x-svc-api-key': apiKey } } : request),
    failureMentions: ['the issued key with a character appended', '${SVC_API_KEY}x'],
  },
  {
    name: 'trims the key before comparing it (String.prototype.trim)',
    breaks: ['FS-AUTH-REQUIRED'],
    transform: ({ apiKey }) => (request, forward) => forward(request.headers['x-svc-api-key']?.trim() === apiKey ? { ...request, headers: { ...request.headers, 'x-svc-api-key': apiKey } } : request),
    failureMentions: ['the issued key followed by a no-break space'],
  },
  {
    name: 'compares the key case-insensitively',
    breaks: ['FS-AUTH-REQUIRED'],
    transform: ({ apiKey }) => (request, forward) =>
      forward(request.headers['x-svc-api-key']?.toLowerCase() === apiKey.toLowerCase() ? { ...request, headers: { ...request.headers, 'x-svc-api-key': apiKey } } : request),
    failureMentions: ['the issued key with its letters in the other case'],
  },
  {
    name: 'takes the key from the query string too',
    breaks: ['FS-AUTH-HEADER-ONLY'],
    transform: () => (request, forward) => {
      const key = new URL(request.path, 'http://service.invalid').searchParams.get('api_key');
      return forward(key && !request.headers['x-svc-api-key'] ? { ...request, headers: { ...request.headers, 'x-svc-api-key': key } } : request);
    },
    failureMentions: ['the key in the query string'],
  },
  {
    name: 'trims the url before validating it',
    breaks: ['FS-400-URL'],
    transform: () => requests((b) => (typeof b.url === 'string' ? { ...b, url: b.url.trim() } : b)),
    failureMentions: ['a valid URL with a space before it'],
  },
  {
    name: 'reads option names in any case',
    breaks: ['FS-REDIRECT-DEFAULT', 'FS-TLS-DEFAULT', 'FS-502-TLS'],
    transform: () =>
      requests((b) => {
        const names = ['allowRedirects', 'allowInsecureSsl', 'proxies'];
        return Object.fromEntries(Object.entries(b).map(([k, v]) => [names.find((n) => n.toLowerCase() === k.toLowerCase()) ?? k, v]));
      }),
    failureMentions: ['the option named in another case'],
  },
  {
    name: 'answers another method with 405 but no Allow',
    breaks: ['FS-HTTP-METHOD'],
    transform: () => async (request, forward) => {
      const reply = await forward(request);
      if (reply.status !== 405) return reply;
      const { allow: _allow, ...headers } = reply.headers;
      return { ...reply, headers };
    },
    failureMentions: ['GET /v1/fetch', 'without an Allow header'],
  },
  {
    name: 'answers an unknown path with 200',
    breaks: ['FS-HTTP-UNKNOWN-PATH'],
    transform: () => async (request, forward) => {
      const reply = await forward(request);
      return reply.status === 404 ? withJson(reply, { status: 'ok' }, 200) : reply;
    },
    failureMentions: ['POST /v2/fetch'],
  },
  // Each content-type family and declaration place read wrongly alone (FS-ENCODING's paths).
  ...([
    ['decodes text/plain as UTF-8 whatever its charset', '/page/text-plain-windows-1252', 'utf-8'],
    ['ignores a UTF-16 byte order mark', '/page/utf-16le-bom', 'windows-1252'],
    ['ignores the XML declaration of application/xhtml+xml', '/page/xhtml-xml-declaration', 'utf-8'],
    ['decodes text/xml as UTF-8 whatever its charset', '/page/xml-charset', 'utf-8'],
    ['decodes JSON without a charset as windows-1252', '/page/json', 'windows-1252'],
    ['decodes text/css as UTF-8 whatever its charset', '/page/css-charset', 'utf-8'],
    ['decodes text/javascript as UTF-8 whatever its charset', '/page/javascript-charset', 'utf-8'],
  ] as const).map(([name, path, encoding]): BrokenVariant => ({ name, breaks: ['FS-ENCODING'], transform: () => misdecodes(path, encoding), failureMentions: [path] })),
  {
    name: 'reads binary bodies as UTF-8 text',
    // Left open by the seed ("body text"): the bytes are lost, a SHOULD, and the run passes.
    breaks: ['FS-RESULT-CONTENT-BYTES'],
    transform: () =>
      resultsOf(
        (b) => /^\/binary\//.test(URL.parse(b.url)?.pathname ?? ''),
        (r) => ({ ...r, encoding: 'utf-8', content: new TextDecoder('utf-8').decode(Buffer.from(String(r.content), 'base64')) }),
      ),
    failureMentions: ['/binary/png', 'lost bytes'],
  },
  {
    name: 'gives binary bodies as empty content',
    // Whatever way a binary body is carried, a body of bytes is no empty content.
    breaks: ['FS-RESULT-CONTENT', 'FS-RESULT-CONTENT-BYTES'],
    transform: () => resultsOf((b) => /^\/binary\//.test(URL.parse(b.url)?.pathname ?? ''), (r) => ({ ...r, content: '' })),
    failureMentions: ['/binary/octet-stream', 'content is empty; the origin sent a body of 512 bytes'],
  },
  {
    name: 'requests a redirect hop without the Location\'s query',
    breaks: ['FS-REDIRECT-FOLLOW'],
    transform: ({ farm }) => bendsQueryHop(farm, (hop) => hop.origin + hop.pathname),
    failureMentions: ["the hop's request lost the Location's query", 'logged no request carrying the probe after the 301'],
  },
  {
    name: 'requests a redirect hop with a repeated query parameter lost (the query read into a map)',
    breaks: ['FS-REDIRECT-FOLLOW'],
    transform: ({ farm }) =>
      bendsQueryHop(farm, (hop) => {
        const seen = new Set<string>();
        const pairs = hop.search.slice(1).split('&').filter((pair) => !seen.has(pair.split('=')[0]!) && Boolean(seen.add(pair.split('=')[0]!)));
        return `${hop.origin}${hop.pathname}?${pairs.join('&')}`;
      }),
    failureMentions: ["the hop's request is not the Location resolved, whole", 'w&e=&f=1+1&g=/p?q'],
  },
  {
    name: 'requests a redirect hop with its query written anew (URLSearchParams)',
    breaks: ['FS-REDIRECT-FOLLOW'],
    transform: ({ farm }) =>
      bendsQueryHop(farm, (hop) => {
        hop.search = new URLSearchParams(hop.search).toString();
        return hop.href;
      }),
    failureMentions: ['b=two+words'],
  },
  {
    name: 'forgets the size cap after a redirect',
    breaks: ['FS-502-SIZE'],
    transform: () => async (request, forward) => {
      const body = fetchBody(request);
      const hop = body?.allowRedirects === true ? redirectTarget(body.url) : undefined;
      const oversized = hop?.target.pathname === '/big';
      if (!oversized) return forward(request);
      // What a service without a cap answers once it has read all: the page (here its first bytes).
      const result = { id: `big-${nextId++}`, statusCode: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, content: 'conform origin farm: a body larger than any cap\n', contentType: 'text/plain', encoding: 'utf-8' };
      return withJson({ status: 200, headers: { 'content-type': 'application/json' }, text: '', json: undefined }, result);
    },
    failureMentions: ['a 302 to 1 GiB with Content-Length'],
  },
  {
    name: 'times each redirect hop alone',
    breaks: ['FS-504'],
    // Each hop gets its own timeout: as if the slow redirect had never been waited for.
    transform: () =>
      requests((b) => {
        const url = typeof b.url === 'string' ? URL.parse(b.url) : null;
        const hop = url && url.searchParams.has('ms') ? redirectTarget(url.href) : undefined;
        return hop && b.allowRedirects === true ? { ...b, url: hop.target.href } : b;
      }),
    failureMentions: ['a redirect after'],
  },
  {
    name: 'stops limiting concurrency once a caller has hung up mid-fetch',
    breaks: ['FS-429'],
    reference: { maxConcurrency: 1000 },
    transform: ({ apiKey }) => {
      let inFlight = 0;
      let lost = false;
      return async (request, forward) => {
        if (request.headers['x-svc-api-key'] !== apiKey || !fetchBody(request)) return forward(request);
        if (!lost && inFlight >= 4) return ownError(429, 'Too Many Requests', 'Too many concurrent fetches.');
        inFlight++;
        let done = false;
        // The slots' bookkeeping is lost when a caller goes away before its reply: no limit from then on.
        request.signal.addEventListener('abort', () => (lost ||= !done), { once: true });
        try {
          return await forward(request);
        } finally {
          done = true;
          inFlight--;
        }
      };
    },
    failureMentions: ['a second ramp of concurrent slow fetches'],
  },
];
