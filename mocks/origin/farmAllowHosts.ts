import type { FarmInfo } from '../../src/exchange/farmInfo.ts';

/**
 * `host:port` of each farm listener, as its info names it (where clients reach it): the operator
 * allowlist entries that admit the farm and nothing else on its host.
 */
export function farmAllowHosts(farm: FarmInfo): string[] {
  return [farm.httpUrl, farm.httpsUrl, farm.expiredTlsUrl, farm.wrongHostTlsUrl].map((url) => new URL(url).host);
}
