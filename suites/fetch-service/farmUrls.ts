import fc from 'fast-check';
import type { Farm } from './originFarm.ts';

/** The characters a URI path segment holds as they are (RFC 3986 §3.3), "/" aside. */
const pathChars = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&\'()*+,;=:@'];
/** The same for query keys and values, "&", "=" and "+" aside (they would change the query's shape). */
const queryChars = pathChars.filter((c) => !'&=+'.includes(c));

/** Characters a URI carries percent-encoded: non-ASCII (astral plane and right-to-left included), spaces, controls. */
const encodedChar = fc
  .oneof(fc.constantFrom('é', 'ß', 'ש', 'م', '\u202E', '𝄞', '😀', ' ', '"', '<', '%', '#', '?', '/', '\u0000', '\u007F'), fc.integer({ min: 0xa0, max: 0xd7ff }).map((cp) => String.fromCodePoint(cp)))
  .map((c) => encodeURIComponent(c));

function text(chars: string[], maxLength: number): fc.Arbitrary<string> {
  return fc.string({ unit: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...chars) }, { weight: 1, arbitrary: encodedChar }), minLength: 1, maxLength });
}

/** Hosts that never resolve (RFC 2606 `.invalid`): a fetch of them fails at the origin, never elsewhere. */
const unreachableOrigins = ['http://conform-fuzz.invalid', 'https://unreachable.conform-fuzz.invalid:8443'];

/** Paths on the farm whose answer is neither slow nor oversized, and that do not redirect off it. */
const redirectPaths = ['/redirect/relative', '/redirect/absolute', '/redirect/status/301', '/redirect/status/307', '/redirect/chain/2'];

/**
 * URLs valid by RFC 3986 that name only the origin farm's listeners, or hosts under `.invalid`: its pages,
 * statuses 200 to 599, redirects within the farm, and made-up paths (which it answers 404) with random
 * segments, queries and fragments, percent-encoded unicode among them, up to a few thousand characters.
 * Shrinks towards the farm's root page.
 */
export function farmUrlArbitrary(farm: Farm): fc.Arbitrary<string> {
  const origin = fc.oneof(
    { weight: 8, arbitrary: fc.constant(farm.listeners.httpUrl) },
    { weight: 1, arbitrary: fc.constantFrom(farm.listeners.httpsUrl, farm.listeners.expiredTlsUrl, farm.listeners.wrongHostTlsUrl) },
    { weight: 1, arbitrary: fc.constantFrom(...unreachableOrigins) },
  );
  const path = fc.oneof(
    { weight: 4, arbitrary: fc.array(text(pathChars, 12), { maxLength: 4 }).map((segments) => `/fuzz/${segments.join('/')}`) },
    { weight: 2, arbitrary: fc.constantFrom(...farm.pages.map((p) => p.path)) },
    { weight: 2, arbitrary: fc.integer({ min: 200, max: 599 }).map((code) => `/status/${code}`) },
    { weight: 1, arbitrary: fc.constantFrom(...redirectPaths) },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 6000 }).map((n) => `/fuzz/${'a'.repeat(n)}`) },
  );
  const query = fc.option(fc.array(fc.tuple(text(queryChars, 8), fc.option(text(queryChars, 16), { nil: undefined })), { minLength: 1, maxLength: 3 }), { nil: undefined });
  const fragment = fc.option(text(pathChars, 10), { nil: undefined });
  return fc.tuple(origin, path, query, fragment).map(([o, p, q, f]) => {
    const search = q ? `?${q.map(([k, v]) => (v === undefined ? k : `${k}=${v}`)).join('&')}` : '';
    return `${o}${p}${search}${f === undefined ? '' : `#${f}`}`;
  });
}

/**
 * Malformed URLs on the farm's host: not URIs at all, so the seed's rule 1 wants them refused. Among them a
 * valid URL with whitespace around or in it: no URI holds a space, a tab or a line break (RFC 3986 §2).
 */
export function invalidUrls(farm: Farm): string[] {
  const base = farm.listeners.httpUrl;
  const { host, hostname } = new URL(base);
  return ['', 'not a url', '/small', `//${host}/small`, `${host}/small`, `http://${hostname} /small`, `http://[${hostname}/small`, 'http:/small', `:${host}/small`, ` ${base}/small `, `${base}/small\n`, `${base}/sm\tall`];
}

/**
 * URLs a browser would take but RFC 3986 does not (raw non-ASCII, bad percent-encoding, backslashes), one
 * with userinfo (which RFC 9110 §4.2.4 deprecates), and one past the 8000 octets RFC 9110 §4.1 asks
 * support for: the seed leaves their fate open. All on the farm's host.
 */
export function doubtfulUrls(farm: Farm): string[] {
  const base = farm.listeners.httpUrl;
  const { host } = new URL(base);
  return [`${base}/fuzz/é𝄞`, `${base}/fuzz/%zz`, `${base}/fuzz/%`, `http:\\\\${host}\\small`, `http://user:pass@${host}/small`, `${base}/fuzz/${'a'.repeat(9000)}`];
}

/** Every authority a text names ("scheme://host" or "//host"), userinfo dropped, lowercase. */
function namedAuthorities(text: string): string[] {
  return [...text.matchAll(/\/\/([^/?#\s"'\\]*)/g)].map((m) => m[1]!.slice(m[1]!.lastIndexOf('@') + 1).toLowerCase());
}

/**
 * The safety rule for generated fetch requests: every authority the body names is one of the farm's
 * listeners, the farm's host without a port (a malformed URL such as "http://[127.0.0.1/small"), or a
 * host under `.invalid`. A request that names anything else is never generated.
 */
export function farmOrInvalidOnly(farm: Farm): (body: string) => boolean {
  // Parsed once: the rule runs on every generated request.
  const hosts = Object.values(farm.listeners).map((u) => new URL(u));
  const listeners = new Set(hosts.map((u) => u.host.toLowerCase()));
  const hostnames = new Set(hosts.map((u) => u.hostname.toLowerCase()));
  return (body) => namedAuthorities(body).every(
    (authority) => listeners.has(authority) || hostnames.has(authority.replace(/^\[/, '')) || /\.invalid\.?(:\d*)?$/.test(authority),
  );
}
