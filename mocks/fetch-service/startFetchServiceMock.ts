import { serveHandlers, type ServeOptions } from '../serveHandlers.ts';
import { FetchRefusal } from './FetchRefusal.ts';
import { createFetchServiceMock, type FetchServiceMock, type FetchServiceMockOptions } from './createFetchServiceMock.ts';

export interface FetchServiceMockServerOptions extends Omit<FetchServiceMockOptions, 'baseUrl'>, ServeOptions {}

export interface FetchServiceMockServer {
  /** Base URL, e.g. http://127.0.0.1:40123: POST {url}/v1/fetch. */
  url: string;
  mock: FetchServiceMock;
  close(): Promise<void>;
}

function refusalResponse(refusal: FetchRefusal): Response {
  return Response.json(refusal.body(), { status: refusal.status, headers: refusal.headers });
}

/** The mock's handlers over real HTTP, on loopback unless `host` says otherwise. */
export async function startFetchServiceMock(options: FetchServiceMockServerOptions): Promise<FetchServiceMockServer> {
  const { host, port, ...mockOptions } = options;
  let mock: FetchServiceMock | undefined;
  const served = await serveHandlers(
    (url) => {
      mock = createFetchServiceMock({ ...mockOptions, baseUrl: url });
      return mock.handlers;
    },
    // Even what the server answers by itself (body too large, a failure) is the seed's error body.
    { host, port, fallback: ({ status, message }) => refusalResponse(new FetchRefusal(status, message)) },
  );
  // serveHandlers calls the factory before it resolves.
  return { url: served.url, mock: mock!, close: served.close };
}
