// Typed clients of the mocks' control APIs (specs/mock-control.openapi.yaml), for tests that drive a
// mock running in another process: `conform mock …`, a container, another language's test run.
export { meetingMockControl, accountHeader, type MeetingMockControlClient, type MockControlClientOptions } from './meetingMockControl.ts';
export type { paths as MeetingMockControlPaths, components as MeetingMockControlComponents } from '../../src/generated/mock-control.ts';
export { fetchMockControl, type FetchMockControlClient } from './fetchMockControl.ts';
export type { paths as FetchMockControlPaths, components as FetchMockControlComponents } from '../../src/generated/fetch-mock-control.ts';
