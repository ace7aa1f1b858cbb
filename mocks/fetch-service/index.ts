// The fetch-service mock: msw handlers for one's own tests, and the same handlers over HTTP.
export { createFetchServiceMock, defaultMockBaseUrl, type FetchServiceMock, type FetchServiceMockOptions } from './createFetchServiceMock.ts';
export { startFetchServiceMock, type FetchServiceMockServer, type FetchServiceMockServerOptions } from './startFetchServiceMock.ts';
// The mock's limits are the reference's: the same defaults, under the names this entry has always given them.
export { FETCH_SERVICE_DEFAULTS as defaultMockLimits, type FetchServiceLimits as MockLimits } from '../../src/fetch-service/core/FETCH_SERVICE_DEFAULTS.ts';
export { virtualFarm, reservedStatusHost } from './virtualFarm.ts';
// The mock judges its client against the client clauses: mock.clientReport(), and in a user's own tests expectCleanClient(mock).
export { expectCleanClient, ClientFindingsError, type ExpectCleanClientOptions, type ClientReportSource } from '../../src/client/expectCleanClient.ts';
export type { ClientReportOptions } from '../../src/client/createClientJudge.ts';
export type { JournalEntry } from '../../src/client/JournalEntry.ts';
export type { RunReport, CheckResult } from '../../src/verdict/RunReport.ts';
// Its control API in-process (`mock.control`), as served over HTTP under /__conform/ (specs/fetch-mock-control.openapi.yaml).
export type { FetchServiceControl, FetchScenario, FetchControlState, FetchJournalEntry } from './fetchServiceControl.ts';
export { maxPages, maxPageBodyBytes, type PageInput as FetchMockPage } from './mockPages.ts';
// The pages format (--pages FILE, PUT /__conform/pages, conform proxy --record) and its reader.
export type { FetchMockPageList } from './pagesFileFormat.ts';
export { readPagesFile, maxPagesFileBytes } from './readPagesFile.ts';
// What a file the loader refuses throws: one line naming the option, the file and the field.
export { MockStartError } from '../MockStartError.ts';
export type { FetchFault, FetchFaultInput } from './fetchMockFaults.ts';
export { MockControlError, type ControlProblem } from '../control-api/MockControlError.ts';
// API keys for tests side by side (POST /__conform/keys; in-process mock.control.keys and forKey).
export { createFetchServiceMockWithKeys, type FetchServiceKeysMockOptions, type FetchServiceControlWithKeys, type FetchServiceMockWithKeys } from './createFetchServiceMockWithKeys.ts';
export { defaultMaxKeys, defaultKeyId, type KeyRequest, type CreatedKey, type KeySummary } from './fetchMockKeys.ts';
export { MockAccountError } from '../control-api/MockAccountError.ts';
