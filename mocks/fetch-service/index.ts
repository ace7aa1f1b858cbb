// The fetch-service mock: msw handlers for one's own tests, and the same handlers over HTTP.
export { createFetchServiceMock, defaultMockBaseUrl, type FetchServiceMock, type FetchServiceMockOptions } from './createFetchServiceMock.ts';
export { startFetchServiceMock, type FetchServiceMockServer, type FetchServiceMockServerOptions } from './startFetchServiceMock.ts';
export { defaultMockLimits, type MockLimits } from './MockLimits.ts';
export { virtualFarm, reservedStatusHost } from './virtualFarm.ts';
