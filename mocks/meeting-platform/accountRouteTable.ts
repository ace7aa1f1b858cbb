import type { components } from '../../src/generated/mock-control.ts';
import type { MockReply, MockRequest, RouteTable } from '../MockExchange.ts';
import { controlPrefix } from './controlRoutes.ts';
import { controlProblems as problemsOf } from './controlProblems.ts';
import { controlError, controlNoContent, controlOk, controlProblems } from '../control-api/controlReplies.ts';
import { findControlOperation } from '../control-api/findControlOperation.ts';
import { controlSpec } from './controlSpec.ts';
import type { MeetingPlatformMock } from './createMeetingPlatformMock.ts';
import type { AccountRequest, MeetingPlatformAccounts } from './meetingPlatformAccounts.ts';
import { MockAccountError } from '../control-api/MockAccountError.ts';
import { MockControlError } from '../control-api/MockControlError.ts';
import { requestClientId } from './requestClientId.ts';

/** The header that scopes a control call to one account. */
export const accountHeader = 'conform-account';

const accountsPath = `${controlPrefix}accounts`;

/** A route table in front of every account's mock; `accountsChanged` swaps its answer as accounts come and go. */
export interface AccountRouteTable extends RouteTable {
  accountsChanged(size: number): void;
}

/**
 * One table on the mock's origins for all its accounts. The accounts API (/__conform/accounts) it answers
 * itself; a control call goes to the account its Conform-Account header names; a platform request to the
 * account its credentials name (requestClientId), else to the default mock, which refuses them as today.
 * While no account exists the default mock's table answers everything but the accounts API: no decoding,
 * no lookup, as the fault layer stays out of the way until a fault waits.
 */
export function accountRouteTable(defaultMock: MeetingPlatformMock, accounts: () => MeetingPlatformAccounts): AccountRouteTable {
  const base = defaultMock.routes;
  // A control call: the accounts API, or the account the header names (any id but a known one is a 404,
  // accounts or none).
  const controlCall = (request: MockRequest): MockReply | Promise<MockReply> => {
    if (request.path.startsWith(accountsPath)) return accountsCall(accounts(), request);
    const accountId = request.headers[accountHeader];
    if (accountId === undefined) return base.answer(request);
    const mock = accounts().use(accountId);
    return mock ? mock.routes.answer(request) : controlError(404, { error: 'not_found', message: `No account ${accountId} (Conform-Account header; GET /__conform/accounts lists them).`, field: 'Conform-Account' });
  };
  const direct = (request: MockRequest) => (request.path.startsWith(controlPrefix) ? controlCall(request) : base.answer(request));
  const dispatching = (request: MockRequest): MockReply | Promise<MockReply> => {
    if (request.path.startsWith(controlPrefix)) return controlCall(request);
    const clientId = requestClientId(request);
    const mock = clientId === undefined ? undefined : accounts().useByClientId(clientId);
    return (mock ?? defaultMock).routes.answer(request);
  };
  const table: AccountRouteTable = {
    serves: (origin, path) => base.serves(origin, path),
    answer: direct,
    accountsChanged: (size) => {
      table.answer = size ? dispatching : direct;
    },
  };
  return table;
}

function accountsCall(accounts: MeetingPlatformAccounts, request: MockRequest): MockReply {
  const call = findControlOperation(controlSpec(), 'specs/mock-control.openapi.yaml', request, problemsOf);
  if (!('operationId' in call)) return call;
  try {
    if (call.operationId === 'createAccount') return controlOk(accounts.create((call.body ?? {}) as AccountRequest), 201);
    if (call.operationId === 'listAccounts') return controlOk({ accounts: accounts.list() });
    accounts.delete(call.params.accountId!);
    return controlNoContent();
  } catch (err) {
    if (err instanceof MockControlError) return controlProblems(400, err.problems);
    if (err instanceof MockAccountError) return controlError(err.status, { error: err.status === 404 ? 'not_found' : 'conflict', message: err.message });
    throw err;
  }
}
