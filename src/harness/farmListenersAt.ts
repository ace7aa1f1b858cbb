import { isLoopbackHost } from './isLoopbackHost.ts';

/** Where a fetch service is asked to fetch from the origin farm: the base URL of each of its listeners. */
export interface FarmListeners {
  httpUrl: string;
  httpsUrl: string;
  expiredTlsUrl: string;
  wrongHostTlsUrl: string;
}

/** The listeners in the order a farm's info lists them. */
export const farmListenerFields: ReadonlyArray<keyof FarmListeners> = ['httpUrl', 'httpsUrl', 'expiredTlsUrl', 'wrongHostTlsUrl'];

/**
 * The farm's listeners as its `/__farm/info` names them (where it is reached: its public URLs when it was
 * given some), but for a farm that names loopback addresses (bound to every interface, given no public
 * URL) and is read at `originUrl` on another host: it is reached on that host, at its own ports.
 */
export function farmListenersAt(info: FarmListeners, originUrl: string): FarmListeners {
  const origin = new URL(originUrl);
  const reached = (url: string): string => {
    const listener = new URL(url);
    if (isLoopbackHost(listener.hostname) && !isLoopbackHost(origin.hostname)) listener.hostname = origin.hostname;
    return listener.origin;
  };
  return { httpUrl: reached(info.httpUrl), httpsUrl: reached(info.httpsUrl), expiredTlsUrl: reached(info.expiredTlsUrl), wrongHostTlsUrl: reached(info.wrongHostTlsUrl) };
}
