import { bodyText, boundedRequest, failureOf } from './boundedRequest.ts';
import { isLoopbackHost } from './isLoopbackHost.ts';
import type { RequestBounds } from './requestBounds.ts';

/**
 * The origin farm's info, what its `GET /__farm/info` answers, declared once for the farm that serves it
 * (mocks/origin/), the run that probes it before the checks (the preflight) and the suites that fetch
 * from it; and the one client that reads it. Here, at the ground, because all three stand on it: a suite
 * imports no mock, and no mock imports the harness.
 */

/**
 * Where an origin farm listens, one URL per listener: where a fetch service is asked to fetch from it.
 * Each is where clients reach the listener: its public URL when the farm was given one, else the address
 * it is bound to.
 */
export interface FarmListeners {
  httpUrl: string;
  /** TLS with a certificate for 127.0.0.1, ::1, localhost and the public host names, signed by `ca`; or the certificate the operator supplied. */
  httpsUrl: string;
  /** TLS with a certificate signed by `ca` whose validity ended a year ago. */
  expiredTlsUrl: string;
  /** TLS with a certificate signed by `ca` for a host name that is not this host. */
  wrongHostTlsUrl: string;
}

/** The listeners in the order a farm's info lists them. */
export const farmListenerFields: ReadonlyArray<keyof FarmListeners> = ['httpUrl', 'httpsUrl', 'expiredTlsUrl', 'wrongHostTlsUrl'];

/** What `GET /__farm/info` answers: the listeners, the info's own URL, and the CA. */
export interface FarmInfo extends FarmListeners {
  infoUrl: string;
  /** PEM of the farm's CA: trusting it makes `httpsUrl` valid (unless it presents a supplied certificate) and leaves the other two failing for one reason each. */
  ca: string;
}

/** A farm's listeners alone: what a target carries across to the suite's workers. */
export function listenersOf(farm: FarmListeners): FarmListeners {
  return { httpUrl: farm.httpUrl, httpsUrl: farm.httpsUrl, expiredTlsUrl: farm.expiredTlsUrl, wrongHostTlsUrl: farm.wrongHostTlsUrl };
}

/** What reading a farm's info is held to where no run's bounds apply (a mock or the reference started on a farm): it is small and answered at once. */
export const farmInfoBounds: Readonly<RequestBounds> = { headersTimeout: 5, bodyTimeout: 5, maxBodyMib: 1 };

/**
 * The info of the origin farm at `originUrl` (its `/__farm/info`, whatever path the URL has), the
 * exchange held to `bounds`. Throws an Error saying in one line why it is no farm's info: no answer,
 * another status, no JSON, no listeners.
 */
export async function readFarmInfo(originUrl: string, bounds: RequestBounds): Promise<FarmInfo> {
  const path = '/__farm/info';
  let text: string;
  try {
    const answer = await boundedRequest(new URL(path, originUrl).href, { bounds });
    if (answer.status !== 200) throw new FarmInfoRefused(`GET ${path} answered ${answer.status}`);
    text = bodyText(answer.body);
  } catch (err) {
    throw err instanceof FarmInfoRefused ? err : new FarmInfoRefused(`GET ${path}: no HTTP answer: ${failureOf(err)}`);
  }
  let info: Partial<Record<keyof FarmInfo, unknown>> | null;
  try {
    info = JSON.parse(text) as typeof info;
  } catch {
    throw new FarmInfoRefused(`GET ${path} answered no JSON`);
  }
  if (!farmListenerFields.every((field) => typeof info?.[field] === 'string' && URL.canParse(info[field]))) throw new FarmInfoRefused(`GET ${path} names no listeners`);
  return info as FarmInfo;
}

/** Why what answers at an origin URL is no farm's info. */
class FarmInfoRefused extends Error {}

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
