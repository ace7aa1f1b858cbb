import { jsonReply } from './FarmExchange.ts';
import { farmPageEntry, farmPages } from './farmPages.ts';
import type { FarmRoute } from './FarmRoute.ts';

/** Paths under this prefix describe the farm; they are not logged, so querying the log never adds a probe. */
export const controlPrefix = '/__farm/';

export const farmRoutes: readonly FarmRoute[] = [
  {
    path: '/__farm/info',
    summary: 'JSON: httpUrl, httpsUrl, expiredTlsUrl, wrongHostTlsUrl, infoUrl and ca (the PEM to trust)',
    answer: ({ info }) => jsonReply(200, info),
  },
  {
    path: '/__farm/routes',
    summary: 'JSON: this route table',
    answer: ({ routes }) => jsonReply(200, routes.map(({ path, query, summary }) => ({ path, query: query ?? null, summary }))),
  },
  {
    path: '/__farm/pages',
    summary: 'JSON: every fixed body with its expected text, MIME type, encoding, headers and base64 bytes',
    answer: () => jsonReply(200, farmPages.map(farmPageEntry)),
  },
  {
    path: '/__farm/requests',
    query: 'probe=TOKEN',
    summary: 'JSON: the requests the farm received (method, path, headers, time, listener), or only those with ?probe=TOKEN',
    answer: ({ url, log }) => jsonReply(200, log.requests(url.searchParams.get('probe') ?? undefined)),
  },
];
