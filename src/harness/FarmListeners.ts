import type { FarmInfo } from '../../mocks/origin/FarmRoute.ts';

/** Where an origin farm listens, one URL per listener. */
export type FarmListeners = Pick<FarmInfo, 'httpUrl' | 'httpsUrl' | 'expiredTlsUrl' | 'wrongHostTlsUrl'>;

/** A farm's listeners alone: what a target carries across to the suite's workers. */
export function listenersOf(farm: FarmListeners): FarmListeners {
  return { httpUrl: farm.httpUrl, httpsUrl: farm.httpsUrl, expiredTlsUrl: farm.expiredTlsUrl, wrongHostTlsUrl: farm.wrongHostTlsUrl };
}
