import type { FarmInfo } from '../../../mocks/origin/FarmRoute.ts';
import type { StartOptions } from '../../../src/fetch-service/startFetchService.ts';
import { isObject } from '../expectations.ts';
import { encodeWindows1252 } from './encodeWindows1252.ts';
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

function parse(request: ProxiedRequest): unknown {
  try {
    return JSON.parse(request.text) as unknown;
  } catch {
    return undefined;
  }
}

let nextId = 1;

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
    breaks: ['FS-AUTH-REQUIRED'],
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
];
