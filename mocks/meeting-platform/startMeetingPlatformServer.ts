import type { HttpHandler } from 'msw';
import { createMeetingPlatformMock, type MeetingPlatformMock, type MeetingPlatformOptions } from './createMeetingPlatformMock.ts';
import { plainFallback, serveHandlers, type ServeOptions } from '../serveHandlers.ts';
import { htmlNotFound } from './htmlNotFound.ts';

export interface MeetingPlatformServerOptions extends Omit<MeetingPlatformOptions, 'authUrl' | 'apiBaseUrl'>, ServeOptions {
  /**
   * Handlers put in front of the mock's own, as `server.use` would: for overriding one endpoint, or
   * for the deliberately broken variants the project's tests run the suite against.
   */
  prepend?: (mock: MeetingPlatformMock) => HttpHandler[];
}

export interface MeetingPlatformServer {
  /** Auth URL and API base URL at once: token and API share the port. */
  url: string;
  accounts: Array<{ clientId: string; clientSecret: string; accountId: string }>;
  mock: MeetingPlatformMock;
  close(): Promise<void>;
}

/** The mock over real HTTP on loopback (by default), token endpoint and API on one port. */
export async function startMeetingPlatformServer(options: MeetingPlatformServerOptions = {}): Promise<MeetingPlatformServer> {
  const { host, port, prepend, ...mockOptions } = options;
  let mock: MeetingPlatformMock | undefined;
  const served = await serveHandlers(
    (url) => {
      mock = createMeetingPlatformMock({ ...mockOptions, authUrl: url, apiBaseUrl: url });
      return [...(prepend?.(mock) ?? []), ...mock.handlers];
    },
    // An unknown address answers with an HTML page, as the real platform's gateway does.
    { host, port, fallback: (problem) => (problem.status === 404 ? htmlNotFound() : plainFallback(problem)) },
  );
  // serveHandlers calls the factory before it resolves.
  const ready = mock!;
  return {
    url: served.url,
    accounts: ready.accounts.map(({ clientId, clientSecret, accountId }) => ({ clientId, clientSecret, accountId })),
    mock: ready,
    close: served.close,
  };
}
