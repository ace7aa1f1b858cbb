export type RouteParams = Record<string, string>;

/** An msw custom predicate (`http.get(predicate, resolver)`); msw passes `params` to the resolver. */
export type GatewayPredicate = (args: { request: Request }) => false | { matches: true; params: RouteParams };

/** A request's origin and its path as the platform's gateway hands it on: decoded once, "//" folded. */
interface GatewayPath {
  origin: string;
  path: string;
}

// Several handlers test the same request; decode it once.
const seen = new WeakMap<Request, GatewayPath | null>();

/**
 * The gateway step of the real platform: the path is percent-decoded once before routing, and the
 * empty segments that decoding may leave are folded away. A UUID "/abc==" sent encoded once arrives as
 * "//abc==" and is folded to "abc==" (not found); sent encoded twice it arrives as "%2Fabc%3D%3D", which
 * the route then decodes to "/abc==". That is why the identifier rule asks for double encoding.
 */
export function gatewayPath(request: Request): GatewayPath | null {
  let found = seen.get(request);
  if (found === undefined) {
    found = parseGatewayPath(request.url);
    seen.set(request, found);
  }
  return found;
}

function parseGatewayPath(url: string): GatewayPath | null {
  const parsed = new URL(url);
  // A "%" that starts no valid escape is kept as it is: the identifier reaches the route, which answers
  // with the platform's JSON not-found, as for any identifier that names no meeting (seed §7).
  const path = safeDecode(parsed.pathname) ?? parsed.pathname;
  return { origin: parsed.origin, path: path.replace(/\/{2,}/g, '/') };
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** Base URL split into the origin and the path prefix routes live under ("" for none). */
export function baseOf(baseUrl: string): { origin: string; prefix: string } {
  const url = new URL(baseUrl);
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') };
}

/**
 * An msw predicate for `pattern` under `baseUrl`, matched after the gateway step. Segments are literal,
 * `:name` (one segment) or `:name*` (the rest of the path, slashes included: a UUID with a single "/"
 * sent encoded once still reaches the meeting route). Parameters are decoded once more, as the service
 * behind the gateway does.
 */
export function gatewayRoute(baseUrl: string, pattern: string): GatewayPredicate {
  const { origin, prefix } = baseOf(baseUrl);
  const segments = pattern.split('/').filter(Boolean);
  return ({ request }) => {
    const gp = gatewayPath(request);
    if (!gp || gp.origin !== origin || !gp.path.startsWith(prefix + '/')) return false;
    const params = matchSegments(segments, gp.path.slice(prefix.length + 1).split('/'));
    return params ? { matches: true, params } : false;
  };
}

function matchSegments(pattern: string[], parts: string[]): RouteParams | null {
  const params: RouteParams = {};
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i]!;
    if (want.startsWith(':') && want.endsWith('*')) {
      const rest = parts.slice(i).join('/');
      if (!rest) return null;
      params[want.slice(1, -1)] = safeDecode(rest) ?? rest;
      return params;
    }
    const part = parts[i];
    if (part === undefined || part === '') return null;
    if (want.startsWith(':')) params[want.slice(1)] = safeDecode(part) ?? part;
    else if (want !== part) return null;
  }
  return parts.length === pattern.length ? params : null;
}

/** Any path on the host of `baseUrl` (under its prefix): the host is right, the address is not. */
export function anyPathOn(baseUrl: string): GatewayPredicate {
  const { origin, prefix } = baseOf(baseUrl);
  return ({ request }) => {
    const gp = gatewayPath(request);
    const on = gp !== null && gp.origin === origin && (prefix === '' || gp.path.startsWith(prefix));
    return on ? { matches: true, params: {} } : false;
  };
}
