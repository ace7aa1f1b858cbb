// The meeting-platform mock: msw handlers for one's own tests, and the same route table over HTTP.
export { createMeetingPlatformMock, realAuthUrl, realApiBaseUrl, defaultJoinUrlBase, defaultScopes } from './createMeetingPlatformMock.ts';
export type { MeetingPlatformMock, MeetingPlatformOptions, MeetingPlatformScenario } from './createMeetingPlatformMock.ts';
export { startMeetingPlatformServer } from './startMeetingPlatformServer.ts';
export type { MeetingPlatformServer, MeetingPlatformServerOptions } from './startMeetingPlatformServer.ts';
export { serveHandlers } from '../serveHandlers.ts';
export { serveRouteTable } from '../serveRouteTable.ts';
export type { MockAdapter, MockReply, MockRequest, RouteTable } from '../MockExchange.ts';
export type { MockSecret } from '../signingKey.ts';
export { manualClock, type Clock, type ManualClock } from './clock.ts';
// The control API (specs/mock-control.openapi.yaml): over HTTP under /__conform/, in-process as mock.control.
export type { MeetingPlatformControl, ClockState, ControlState, ControlJournalEntry, JournalFilter } from './meetingPlatformControl.ts';
export type { Fault, FaultAction, FaultInput } from './mockFaults.ts';
export type { MeetingOperationId } from './operationOf.ts';
export { MockControlError, type ControlProblem } from '../control-api/MockControlError.ts';
// Accounts for tests side by side (POST /__conform/accounts; in-process mock.control.accounts and forAccount).
export { createMeetingPlatformMockWithAccounts } from './createMeetingPlatformMockWithAccounts.ts';
export type { MeetingPlatformAccountsMockOptions, MeetingPlatformControlWithAccounts, MeetingPlatformMockWithAccounts } from './createMeetingPlatformMockWithAccounts.ts';
export { defaultMaxAccounts, type AccountRequest, type CreatedAccount, type AccountSummary } from './meetingPlatformAccounts.ts';
export { MockAccountError } from '../control-api/MockAccountError.ts';
// The data format (--data FILE, PUT /__conform/data, conform proxy --record) and its check.
export type { MeetingData, UserRecord, MeetingRecord } from './meetingDataFormat.ts';
export { checkMeetingData, maxDataUsers, maxDataMeetings, type CheckedMeetingData } from './checkMeetingData.ts';
export { loadMeetingDataFile } from './loadMeetingDataFile.ts';
// What a file the loader refuses throws: one line naming the option, the file and the field.
export { MockStartError } from '../MockStartError.ts';
export { demoAccount } from './demoAccount.ts';
export { demoSeed, demoOwnerMeetings } from './demoSeed.ts';
export { pageTokenTtlMs } from './pageTokens.ts';
export { accessTokenTtlSeconds } from './accessTokens.ts';
export { defaultPageSize, maxPageSize } from './meetingListPage.ts';
export type { MeetingAccount, MeetingPlatformSeed, UserSeed, MeetingSeed } from './seedTypes.ts';
// The mock judges its client against the client clauses: mock.clientReport(), and in a user's own tests expectCleanClient(mock).
export { expectCleanClient, ClientFindingsError, type ExpectCleanClientOptions, type ClientReportSource } from '../../src/client/expectCleanClient.ts';
export type { ClientReportOptions } from '../../src/client/createClientJudge.ts';
export type { JournalEntry } from '../../src/client/JournalEntry.ts';
export type { RunReport, CheckResult } from '../../src/verdict/RunReport.ts';
