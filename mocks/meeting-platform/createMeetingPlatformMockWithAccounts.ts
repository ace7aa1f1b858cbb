import { routeTableHandler } from '../routeTableHandler.ts';
import { accountRouteTable } from './accountRouteTable.ts';
import { createMeetingPlatformMock, type MeetingPlatformMock, type MeetingPlatformOptions } from './createMeetingPlatformMock.ts';
import type { MeetingPlatformControl } from './meetingPlatformControl.ts';
import { meetingPlatformAccounts, type MeetingPlatformAccounts } from './meetingPlatformAccounts.ts';
import { MockAccountError } from '../control-api/MockAccountError.ts';

export interface MeetingPlatformAccountsMockOptions extends MeetingPlatformOptions {
  /** Accounts made through the control API kept at once (default 100); one more evicts the idle-longest. */
  maxAccounts?: number;
}

export interface MeetingPlatformControlWithAccounts extends MeetingPlatformControl {
  accounts: Pick<MeetingPlatformAccounts, 'create' | 'list' | 'delete'>;
  /** That account's control handle; throws MockAccountError (404) for an unknown account. */
  forAccount(accountId: string): MeetingPlatformControl;
}

export interface MeetingPlatformMockWithAccounts extends MeetingPlatformMock {
  control: MeetingPlatformControlWithAccounts;
}

/**
 * The meeting mock with accounts for tests side by side: the mock the options describe is the default
 * account, and each account made (`control.accounts.create`, or POST /__conform/accounts) is a whole mock
 * of its own (its demo data, journal, client report, scenario, faults and clock offset) behind one route
 * table on the same origins (accountRouteTable).
 */
export function createMeetingPlatformMockWithAccounts(options: MeetingPlatformAccountsMockOptions = {}): MeetingPlatformMockWithAccounts {
  const { maxAccounts, ...mockOptions } = options;
  const defaultMock = createMeetingPlatformMock(mockOptions);
  // A new account's mock starts as the process's did, on its addresses, with demo data of its own.
  const { accounts: _accounts, seed: _seed, ...shared } = mockOptions;
  const table = accountRouteTable(defaultMock, () => accounts);
  const accounts = meetingPlatformAccounts({
    defaultMock,
    maxAccounts,
    make: (account, label) => createMeetingPlatformMock({ ...shared, authUrl: defaultMock.authUrl, apiBaseUrl: defaultMock.apiBaseUrl, accounts: [account], ...(label !== undefined && { clientLabel: label }) }),
    onChange: (size) => table.tenantsChanged(size),
  });
  const control: MeetingPlatformControlWithAccounts = {
    ...defaultMock.control,
    accounts: { create: (r) => accounts.create(r), list: () => accounts.list(), delete: (id) => accounts.delete(id) },
    forAccount(accountId) {
      const mock = accounts.use(accountId);
      if (!mock) throw new MockAccountError(404, `No account ${accountId} (control.accounts.list() lists them).`);
      return mock.control;
    },
  };
  return { ...defaultMock, routes: table, handlers: [routeTableHandler(table)], control };
}
