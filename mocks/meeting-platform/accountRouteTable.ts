import { validateRequest } from '../../src/openapi/validateRequest.ts';
import type { components } from '../../src/generated/mock-control.ts';
import type { MockReply, MockRequest, RouteTable } from '../MockExchange.ts';
import { controlPrefix } from './controlRoutes.ts';
import { controlProblems } from './controlProblems.ts';
import { controlSpec } from './controlSpec.ts';
import type { MeetingPlatformMock } from './createMeetingPlatformMock.ts';
import type { AccountRequest, MeetingPlatformAccounts } from './meetingPlatformAccounts.ts';
import { MockAccountError } from './MockAccountError.ts';
import { MockControlError } from './MockControlError.ts';
import { requestClientId } from './requestClientId.ts';

type ControlError = components['schemas']['ControlError'];

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
    return mock ? mock.routes.answer(request) : errorReply(404, { error: 'not_found', message: `No account ${accountId} (Conform-Account header; GET /__conform/accounts lists them).`, field: 'Conform-Account' });
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
  const rest = request.path.slice(accountsPath.length);
  // Only the document's paths: /__conform/accounts/ (a trailing slash) is no path of it, so a 404.
  const operationId = rest === '' ? ({ POST: 'createAccount', GET: 'listAccounts' } as Record<string, string>)[request.method] : /^\/[^/]+$/.test(rest) ? (request.method === 'DELETE' ? 'deleteAccount' : undefined) : null;
  if (operationId === null) return errorReply(404, { error: 'not_found', message: `The control API has no operation at ${request.path} (specs/mock-control.openapi.yaml lists them).` });
  if (operationId === undefined) {
    const allow = rest === '' ? 'POST, GET' : 'DELETE';
    return errorReply(405, { error: 'method_not_allowed', message: `${request.path} takes ${allow}, not ${request.method}.` }, { allow });
  }
  const operation = controlSpec().operation(operationId);
  const checked = validateRequest(operation, { method: request.method, url: request.query ? `${request.path}?${request.query}` : request.path, headers: request.headers, body: request.body });
  if (checked.violations.length) return badRequest(new MockControlError(controlProblems(checked.violations)));
  try {
    if (operationId === 'createAccount') return ok(accounts.create((checked.body ?? {}) as AccountRequest), 201);
    if (operationId === 'listAccounts') return ok({ accounts: accounts.list() });
    accounts.delete(decodeURIComponent(rest.slice(1)));
    return { status: 204, headers: { 'cache-control': 'no-store' }, body: '' };
  } catch (err) {
    if (err instanceof MockControlError) return badRequest(err);
    if (err instanceof MockAccountError) return errorReply(err.status, { error: err.status === 404 ? 'not_found' : 'conflict', message: err.message });
    throw err;
  }
}

const jsonHeaders = { 'content-type': 'application/json', 'cache-control': 'no-store' } as const;

function ok(value: unknown, status = 200): MockReply {
  return { status, headers: jsonHeaders, body: `${JSON.stringify(value)}\n` };
}

function badRequest(err: MockControlError): MockReply {
  return errorReply(400, { error: 'invalid_request', message: err.message, field: err.field, problems: [...err.problems] });
}

function errorReply(status: number, error: ControlError, headers: Record<string, string> = {}): MockReply {
  return { status, headers: { ...jsonHeaders, ...headers }, body: `${JSON.stringify(error)}\n` };
}
