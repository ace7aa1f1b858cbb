export type RouteParams = Record<string, string>;

/**
 * The gateway step of the real platform: the path is percent-decoded once before routing, and the
 * empty segments that decoding may leave are folded away. A UUID "/abc==" sent encoded once arrives as
 * "//abc==" and is folded to "abc==" (not found); sent encoded twice it arrives as "%2Fabc%3D%3D", which
 * the route then decodes to "/abc==". That is why the identifier rule asks for double encoding.
 * A "%" that starts no valid escape is kept as it is: the identifier reaches the route, which answers
 * with the platform's JSON not-found, as for any identifier that names no meeting (seed §7).
 */
export function gatewayPath(path: string): string {
  const decoded = safeDecode(path) ?? path;
  return decoded.includes('//') ? decoded.replace(/\/{2,}/g, '/') : decoded;
}

function safeDecode(text: string): string | null {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** A base URL split into its origin and the path prefix routes live under ("" for none). */
export interface Base {
  origin: string;
  prefix: string;
}

export function baseOf(baseUrl: string): Base {
  const url = new URL(baseUrl);
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') };
}

/** Whether a request for `origin` and (raw) `path` is addressed to the host of `base`, under its prefix. */
export function isUnder(base: Base, origin: string, path: string): boolean {
  return origin === base.origin && (base.prefix === '' || path.startsWith(base.prefix));
}

/**
 * Matches a gateway path's segments (below the base's prefix) against a pattern's. Segments are literal,
 * `:name` (one segment) or `:name*` (the rest of the path, slashes included: a UUID with a single "/"
 * sent encoded once still reaches the meeting route). Parameters are decoded once more, as the service
 * behind the gateway does.
 */
export function matchSegments(pattern: readonly string[], parts: readonly string[]): RouteParams | null {
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
