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
export { MockControlError, type ControlProblem } from './MockControlError.ts';
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
export type { RunReport, CheckResult } from '../../src/harness/reports/RunReport.ts';
