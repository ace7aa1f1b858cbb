import type { ServeOptions } from '../listenServer.ts';
import type { MockAdapter, ServeProblem } from '../MockExchange.ts';
import { serveMock } from '../serveMock.ts';
import { FETCH_SERVICE_DEFAULTS } from '../../src/fetch-service/core/FETCH_SERVICE_DEFAULTS.ts';
import { errorForStatus, requestTooLarge } from '../../src/fetch-service/core/ServiceError.ts';
import { createFetchServiceMockWithKeys, type FetchServiceKeysMockOptions, type FetchServiceMockWithKeys } from './createFetchServiceMockWithKeys.ts';
import { errorReply } from './fetchServiceRoutes.ts';

export interface FetchServiceMockServerOptions extends Omit<FetchServiceKeysMockOptions, 'baseUrl'>, ServeOptions {
  /** Default "node": the route table straight on node:http; "msw" serves the same table's msw handlers. */
  adapter?: MockAdapter;
}

export interface FetchServiceMockServer {
  /** Base URL, e.g. http://127.0.0.1:40123: POST {url}/v1/fetch. */
  url: string;
  /** The mock, with the keys tests side by side make (control.keys, POST /__conform/keys). */
  mock: FetchServiceMockWithKeys;
  /** The mock's client report (FetchServiceMock.clientReport). */
  clientReport: FetchServiceMockWithKeys['clientReport'];
  close(): Promise<void>;
}

/** The mock over real HTTP, on loopback unless `host` says otherwise. */
export async function startFetchServiceMock(options: FetchServiceMockServerOptions): Promise<FetchServiceMockServer> {
  const { host, port, adapter = 'node', ...mockOptions } = options;
  const limits = { ...FETCH_SERVICE_DEFAULTS, ...mockOptions.limits };
  // What the server answers by itself is the reference's answer too: a body past what the adapter reads
  // is past maxRequestBytes, another address the 404, a failure the 500 (its cause is not the caller's).
  const fallback = ({ status }: ServeProblem) => errorReply(status === 413 ? requestTooLarge(limits.maxRequestBytes) : errorForStatus(status, limits.timeoutMs));
  const served = await serveMock((url) => createFetchServiceMockWithKeys({ ...mockOptions, baseUrl: url }), { adapter, host, port, fallback });
  return { ...served, clientReport: (o) => served.mock.clientReport(o) };
}
