import type { FarmListeners } from './FarmListeners.ts';
import { isLoopbackHost } from '../../exchange/isLoopbackHost.ts';

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
