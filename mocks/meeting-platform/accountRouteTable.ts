import type { MockReply, MockRequest } from '../MockExchange.ts';
import { controlPrefix } from './controlRoutes.ts';
import { controlProblems as problemsOf } from './controlProblems.ts';
import { controlError, controlNoContent, controlOk, controlProblems } from '../control-api/controlReplies.ts';
import { findControlOperation } from '../control-api/findControlOperation.ts';
import { tenantRouteTable, type TenantRouteTable } from '../control-api/tenantRouteTable.ts';
import { controlSpec } from './controlSpec.ts';
import type { MeetingPlatformMock } from './createMeetingPlatformMock.ts';
import type { AccountRequest, MeetingPlatformAccounts } from './meetingPlatformAccounts.ts';
import { MockAccountError } from '../control-api/MockAccountError.ts';
import { MockControlError } from '../control-api/MockControlError.ts';
import { requestClientId } from './requestClientId.ts';

/** The header that scopes a control call to one account. */
export const accountHeader = 'conform-account';

const accountsPath = `${controlPrefix}accounts`;

/** The meeting mock's accounts in front of their mocks (tenantRouteTable): by the Conform-Account header, or by the client id a request carries. */
export function accountRouteTable(defaultMock: MeetingPlatformMock, accounts: () => MeetingPlatformAccounts): TenantRouteTable {
  return tenantRouteTable({
    defaultMock,
    tenantsPath: accountsPath,
    tenantsCall: (request) => accountsCall(accounts(), request),
    header: accountHeader,
    headerShown: 'Conform-Account',
    noun: 'account',
    listedAt: 'GET /__conform/accounts',
    use: (id) => accounts().use(id),
    byRequest(request) {
      const clientId = requestClientId(request);
      return clientId === undefined ? undefined : accounts().useByClientId(clientId);
    },
  });
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
