// Type-checked, never run: the package's declarations type what it exports. Were an entry's types
// missing (any), each @ts-expect-error below would be unused, itself an error.
import { diffReports, type ReportDiff, type RunOptions, type RunReport } from 'conform-harness';
import { createFetchServiceMock, createFetchServiceMockWithKeys, type FetchMockPage, type FetchMockPageList } from 'conform-harness/mocks/fetch-service';
import { checkMeetingData, createMeetingPlatformMock, createMeetingPlatformMockWithAccounts, MockAccountError, type CreatedAccount, type MeetingData } from 'conform-harness/mocks/meeting-platform';
import { meetingMockControl } from 'conform-harness/mock-control';
import { validateRecord, type RecordError } from 'conform-harness/records';

// @ts-expect-error the seed is a number
export const wrongSeed: RunOptions = { seed: 'seven' };
// @ts-expect-error only the three suites exist
export const wrongSuite: RunOptions = { suites: ['no-such-suite'] };
// @ts-expect-error --suppress is a switch, not a path (that is `suppressions`)
export const wrongSuppress: RunOptions = { suppress: 'conform-suppressions.json' };
export const settled: RunOptions = { suppress: true, prune: true, suppressions: 'ci/accepted.json' };
export const changed = (before: RunReport, after: RunReport): ReportDiff['counts'] => diffReports(before, after).counts;
// @ts-expect-error a check passed, failed or was skipped
export const wrongStatus: RunReport['checks'][number]['status'] = 'ok';
// @ts-expect-error the fetch-service mock needs its API keys
export const keyless = createFetchServiceMock({});
// @ts-expect-error the meeting-platform mock's handlers are msw handlers
export const handlers: string[] = createMeetingPlatformMock().handlers;
export const errors: readonly RecordError[] = validateRecord({});
// @ts-expect-error a clock move is milliseconds, not words
export const wrongMove = () => meetingMockControl('http://127.0.0.1:4010').POST('/__conform/clock', { body: { advanceMs: 'an hour' } });
// @ts-expect-error a data file's users and meetings are the platform's records, not counts
export const wrongData: MeetingData = { users: 2, meetings: [] };
export const dataChecked: boolean = checkMeetingData({ users: [], meetings: [] }, 'acct').ok;
// @ts-expect-error an account made in-process shows its client secret as a string
export const secretNumber: number = createMeetingPlatformMockWithAccounts().control.accounts.create({ label: 'x' }).clientSecret;
export const created = (account: CreatedAccount): string => account.accountId;
// @ts-expect-error MockAccountError's status is 404 or 409
export const wrongAccountStatus: MockAccountError['status'] = 500;
// @ts-expect-error a page's status is a number
export const wrongPage: FetchMockPage = { url: 'https://news.example/', status: 'ok' };
// @ts-expect-error the pages file holds {pages: [...]}
export const wrongPages: FetchMockPageList = [{ url: 'https://news.example/' }];
// @ts-expect-error a key made in-process is named by its keyId, a string
export const keyIdNumber: number = createFetchServiceMockWithKeys({ apiKeys: ['k'] }).control.keys.create().keyId;
