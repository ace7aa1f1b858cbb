/**
 * Where an origin farm listens, one URL per listener: where a fetch service is asked to fetch from it.
 * A farm's info (mocks/origin's FarmInfo) has these and more.
 */
export interface FarmListeners {
  httpUrl: string;
  httpsUrl: string;
  expiredTlsUrl: string;
  wrongHostTlsUrl: string;
}

/** The listeners in the order a farm's info lists them. */
export const farmListenerFields: ReadonlyArray<keyof FarmListeners> = ['httpUrl', 'httpsUrl', 'expiredTlsUrl', 'wrongHostTlsUrl'];

/** A farm's listeners alone: what a target carries across to the suite's workers. */
export function listenersOf(farm: FarmListeners): FarmListeners {
  return { httpUrl: farm.httpUrl, httpsUrl: farm.httpsUrl, expiredTlsUrl: farm.expiredTlsUrl, wrongHostTlsUrl: farm.wrongHostTlsUrl };
}
