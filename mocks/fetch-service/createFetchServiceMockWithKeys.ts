import { MockAccountError } from '../control-api/MockAccountError.ts';
import { routeTableHandler } from '../routeTableHandler.ts';
import { createFetchServiceMock, type FetchServiceMock, type FetchServiceMockOptions } from './createFetchServiceMock.ts';
import { fetchMockKeys, type FetchMockKeys } from './fetchMockKeys.ts';
import type { FetchServiceControl } from './fetchServiceControl.ts';
import { keyRouteTable } from './keyRouteTable.ts';

export interface FetchServiceKeysMockOptions extends FetchServiceMockOptions {
  /** Keys made through the control API kept at once (default 100); one more evicts the idle-longest. */
  maxKeys?: number;
}

export interface FetchServiceControlWithKeys extends FetchServiceControl {
  keys: Pick<FetchMockKeys, 'create' | 'list' | 'delete'>;
  /** That key's control handle, by keyId; throws MockAccountError (404) for an unknown one. */
  forKey(keyId: string): FetchServiceControl;
}

export interface FetchServiceMockWithKeys extends FetchServiceMock {
  control: FetchServiceControlWithKeys;
}

/**
 * The fetch mock with API keys for tests side by side: the mock the options describe answers the keys it
 * was given, and each key made (`control.keys.create`, or POST /__conform/keys) is a whole mock of its own
 * (the pages the mock started with, its own journal, client report, scenario and faults) behind one route
 * table on the same origin (keyRouteTable).
 */
export function createFetchServiceMockWithKeys(options: FetchServiceKeysMockOptions): FetchServiceMockWithKeys {
  const { maxKeys, ...mockOptions } = options;
  const defaultMock = createFetchServiceMock(mockOptions);
  const table = keyRouteTable(defaultMock, () => keys);
  const keys = fetchMockKeys({
    defaultMock,
    maxKeys,
    make: (apiKey, label) => createFetchServiceMock({ ...mockOptions, baseUrl: defaultMock.baseUrl, apiKeys: [apiKey], ...(label !== undefined && { clientLabel: label }) }),
    onChange: (size) => table.tenantsChanged(size),
  });
  const control: FetchServiceControlWithKeys = {
    ...defaultMock.control,
    keys: { create: (r) => keys.create(r), list: () => keys.list(), delete: (id) => keys.delete(id) },
    forKey(keyId) {
      const mock = keys.use(keyId);
      if (!mock) throw new MockAccountError(404, `No key ${keyId} (control.keys.list() lists them).`);
      return mock.control;
    },
  };
  return {
    ...defaultMock,
    // The spread copied the getter's value once; the default mock's fetches in flight are read each time.
    get inFlight() {
      return defaultMock.inFlight;
    },
    routes: table,
    handlers: [routeTableHandler(table)],
    control,
  };
}
