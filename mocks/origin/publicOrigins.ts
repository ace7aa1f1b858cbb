import type { FarmListener } from './FarmRoute.ts';

/** A base URL (scheme://host:port, no path) for each of the farm's listeners. */
export type ListenerOrigins = Record<FarmListener, string>;

/** The scheme each listener speaks: a public URL must keep it (TLS is the farm's to present, see below). */
export const listenerSchemes: Readonly<Record<FarmListener, 'http' | 'https'>> = {
  http: 'http',
  https: 'https',
  'expired-tls': 'https',
  'wrong-host-tls': 'https',
};

/**
 * `url` checked as the public base URL of `listener`, returned as an origin: the listener's own scheme
 * (a TLS listener is forwarded, never terminated by a proxy: its certificate is what it tests), no
 * userinfo, no path, query or fragment (the farm's routes and redirects start at "/"). Throws a message
 * naming what is wrong.
 */
export function publicOrigin(listener: FarmListener, url: string): string {
  const parsed = URL.parse(url);
  const scheme = listenerSchemes[listener];
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) throw new Error(`"${url}" is not an http(s) URL`);
  if (parsed.protocol !== `${scheme}:`) {
    throw new Error(`"${url}" must be ${scheme}: the ${listener} listener speaks ${scheme === 'http' ? 'plain HTTP' : 'TLS, forwarded as it is, not terminated in front of it'}`);
  }
  if (parsed.username || parsed.password) throw new Error(`"${url}" must not carry a user name or password`);
  if (parsed.pathname !== '/' || parsed.search || parsed.hash) throw new Error(`"${url}" must be a base URL (scheme://host[:port]), without a path, query or fragment`);
  return parsed.origin;
}

/**
 * Where clients reach each listener. A listener given a public URL is reached there; with a public URL
 * for the plain HTTP listener only, the others are reached on its host at their own ports (a host with
 * the farm's ports open); a listener nothing is given for, at the address it is bound to. Throws when two
 * listeners would share one origin: the farm tells its listeners apart by origin.
 */
export function publicOrigins(bound: ListenerOrigins, given: Partial<ListenerOrigins> = {}): ListenerOrigins {
  const host = given.http === undefined ? undefined : new URL(given.http).hostname;
  const origins = {} as ListenerOrigins;
  for (const listener of Object.keys(bound) as FarmListener[]) {
    const explicit = given[listener];
    if (explicit !== undefined) {
      origins[listener] = publicOrigin(listener, explicit);
    } else {
      const url = new URL(bound[listener]);
      if (host !== undefined) url.hostname = host;
      origins[listener] = url.origin;
    }
  }
  const seen = new Map<string, FarmListener>();
  for (const [listener, origin] of Object.entries(origins) as Array<[FarmListener, string]>) {
    const other = seen.get(origin);
    if (other) throw new Error(`the ${other} and ${listener} listeners would both be reached at ${origin}: give each its own public URL`);
    seen.set(origin, listener);
  }
  return origins;
}

/** The host names of the public URLs given: the farm's own certificates must cover them. */
export function publicHostnames(given: Partial<ListenerOrigins>): string[] {
  return Object.values(given).map((url) => new URL(url).hostname.replace(/^\[|\]$/g, ''));
}
