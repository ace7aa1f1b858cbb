import type { FarmInfo } from '../../src/exchange/farmInfo.ts';
import type { FarmListener } from '../origin/FarmRoute.ts';

/**
 * The origin farm the mock always answers for, at reserved names (RFC 2606 `.invalid`: never real), so a
 * client can fetch `http://origin.conform.invalid/page/windows-1252` through the mock with no farm running.
 */
export const virtualFarm: FarmInfo = {
  httpUrl: 'http://origin.conform.invalid',
  httpsUrl: 'https://origin.conform.invalid',
  expiredTlsUrl: 'https://expired.origin.conform.invalid',
  wrongHostTlsUrl: 'https://wrong-host.origin.conform.invalid',
  infoUrl: 'http://origin.conform.invalid/__farm/info',
  ca: '',
};

/** Listeners whose certificate does not verify: fetched only with allowInsecureSsl. */
export const unverifiableListeners: ReadonlySet<FarmListener> = new Set(['expired-tls', 'wrong-host-tls']);

/**
 * Host whose paths name the status the mock itself answers with: `https://status.conform.invalid/429`
 * gives a 429 error reply, `/404` a result whose fetched status is 404 (see statusFromReservedUrl).
 */
export const reservedStatusHost = 'status.conform.invalid';
