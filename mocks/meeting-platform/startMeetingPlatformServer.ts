import type { HttpHandler } from 'msw';
import type { ServeOptions } from '../listenServer.ts';
import { plainFallback, type MockAdapter, type ServeProblem } from '../MockExchange.ts';
import { serveMock } from '../serveMock.ts';
import type { MeetingPlatformMock } from './createMeetingPlatformMock.ts';
import { createMeetingPlatformMockWithAccounts, type MeetingPlatformAccountsMockOptions, type MeetingPlatformMockWithAccounts } from './createMeetingPlatformMockWithAccounts.ts';
import { htmlNotFound } from './htmlNotFound.ts';

export interface MeetingPlatformServerOptions extends Omit<MeetingPlatformAccountsMockOptions, 'authUrl' | 'apiBaseUrl'>, ServeOptions {
  /**
   * Handlers put in front of the mock's own, as `server.use` would: for overriding one endpoint, or
   * for the deliberately broken variants the project's tests run the suite against. Served through msw.
   */
  prepend?: (mock: MeetingPlatformMock) => HttpHandler[];
  /** Default "node" (the fast one), or "msw" when `prepend` is given: handlers need msw. */
  adapter?: MockAdapter;
  /**
   * A path under the server's URL for the API base ("/api": the API at http://host:port/api/v2/…, the
   * token endpoint still at http://host:port/oauth/token), so that the auth and API addresses differ on
   * one port, as the real platform's hosts do. Default none: both at the server's URL.
   */
  apiPath?: string;
}

export interface MeetingPlatformServer {
  /** The auth URL, and the API base URL too unless `apiPath` set one apart: token and API share the port. */
  url: string;
  /** The API base URL: `url`, or `url` + `apiPath`. */
  apiBaseUrl: string;
  accounts: Array<{ clientId: string; clientSecret: string; accountId: string }>;
  mock: MeetingPlatformMockWithAccounts;
  /** The mock's client report (MeetingPlatformMock.clientReport). */
  clientReport: MeetingPlatformMock['clientReport'];
  close(): Promise<void>;
}

// An unknown address answers with an HTML page, as the real platform's gateway does.
const fallback = (problem: ServeProblem) => (problem.status === 404 ? htmlNotFound() : plainFallback(problem));

/** The mock over real HTTP on loopback (by default), token endpoint and API on one port. */
export async function startMeetingPlatformServer(options: MeetingPlatformServerOptions = {}): Promise<MeetingPlatformServer> {
  const { host, port, prepend, adapter = prepend ? 'msw' : 'node', apiPath = '', ...mockOptions } = options;
  if (prepend && adapter !== 'msw') throw new Error('prepended handlers are msw handlers: they need adapter "msw"');
  const served = await serveMock((url) => createMeetingPlatformMockWithAccounts({ ...mockOptions, authUrl: url, apiBaseUrl: `${url}${apiPath}` }), { adapter, prepend, host, port, fallback });
  const ready = served.mock;
  return {
    url: served.url,
    apiBaseUrl: `${served.url}${apiPath}`,
    accounts: ready.accounts.map(({ clientId, clientSecret, accountId }) => ({ clientId, clientSecret, accountId })),
    mock: ready,
    clientReport: (o) => ready.clientReport(o),
    close: served.close,
  };
}
