import type { ServeOptions } from '../listenServer.ts';
import type { MockAdapter, ServeProblem } from '../MockExchange.ts';
import { serveMock } from '../serveMock.ts';
import { FetchRefusal } from './FetchRefusal.ts';
import { createFetchServiceMock, type FetchServiceMock, type FetchServiceMockOptions } from './createFetchServiceMock.ts';
import { refusalReply } from './fetchServiceRoutes.ts';

export interface FetchServiceMockServerOptions extends Omit<FetchServiceMockOptions, 'baseUrl'>, ServeOptions {
  /** Default "node": the route table straight on node:http; "msw" serves the same table's msw handlers. */
  adapter?: MockAdapter;
}

export interface FetchServiceMockServer {
  /** Base URL, e.g. http://127.0.0.1:40123: POST {url}/v1/fetch. */
  url: string;
  mock: FetchServiceMock;
  close(): Promise<void>;
}

// Even what the server answers by itself (body too large, a failure) is the seed's error body.
const fallback = ({ status, message }: ServeProblem) => refusalReply(new FetchRefusal(status, message));

/** The mock over real HTTP, on loopback unless `host` says otherwise. */
export async function startFetchServiceMock(options: FetchServiceMockServerOptions): Promise<FetchServiceMockServer> {
  const { host, port, adapter = 'node', ...mockOptions } = options;
  return serveMock((url) => createFetchServiceMock({ ...mockOptions, baseUrl: url }), { adapter, host, port, fallback });
}
