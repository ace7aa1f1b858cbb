import type { components } from '../../src/generated/fetch-mock-control.ts';
import { validateRequest } from '../../src/openapi/validateRequest.ts';
import { MockAccountError } from '../meeting-platform/MockAccountError.ts';
import { MockControlError } from '../meeting-platform/MockControlError.ts';
import type { MockReply, MockRequest, RouteTable } from '../MockExchange.ts';
import type { FetchServiceMock } from './createFetchServiceMock.ts';
import { fetchControlPrefix } from './fetchControlRoutes.ts';
import { fetchControlProblems, fetchControlSpec } from './fetchControlSpec.ts';
import type { FetchMockKeys, KeyRequest } from './fetchMockKeys.ts';

type ControlError = components['schemas']['ControlError'];

/** The header that scopes a control call to one key: its keyId, never the key. */
export const keyHeader = 'conform-key';

const keysPath = `${fetchControlPrefix}keys`;

/** A route table in front of every key's mock; `keysChanged` swaps its answer as keys come and go. */
export interface KeyRouteTable extends RouteTable {
  keysChanged(size: number): void;
}

/**
 * One table on the mock's origin for all its keys. The keys API (/__conform/keys) it answers itself; a
 * control call goes to the key its Conform-Key header names; a fetch to the mock of the key it presents,
 * else to the default mock (which knows the keys the process started with, and refuses others 401). While
 * no key is made the default mock's table answers everything but the keys API: no header lookup.
 */
export function keyRouteTable(defaultMock: FetchServiceMock, keys: () => FetchMockKeys): KeyRouteTable {
  const base = defaultMock.routes;
  const controlCall = (request: MockRequest): MockReply | Promise<MockReply> => {
    if (request.path === keysPath || request.path.startsWith(`${keysPath}/`)) return keysCall(keys(), request);
    const keyId = request.headers[keyHeader];
    if (keyId === undefined) return base.answer(request);
    const mock = keys().use(keyId);
    return mock ? mock.routes.answer(request) : errorReply(404, { error: 'not_found', message: `No key ${keyId} (Conform-Key header; GET /__conform/keys lists them).`, field: 'Conform-Key' });
  };
  const direct = (request: MockRequest) => (request.path.startsWith(fetchControlPrefix) ? controlCall(request) : base.answer(request));
  const dispatching = (request: MockRequest): MockReply | Promise<MockReply> => {
    if (request.path.startsWith(fetchControlPrefix)) return controlCall(request);
    const presented = request.headers['x-svc-api-key'];
    const mock = presented === undefined ? undefined : keys().useByKey(presented);
    return (mock ?? defaultMock).routes.answer(request);
  };
  const table: KeyRouteTable = {
    serves: (origin, path) => base.serves(origin, path),
    answer: direct,
    keysChanged: (size) => {
      table.answer = size ? dispatching : direct;
    },
  };
  return table;
}

function keysCall(keys: FetchMockKeys, request: MockRequest): MockReply {
  const rest = request.path.slice(keysPath.length);
  const collection = rest === '';
  const one = /^\/[^/]+$/.test(rest);
  if (!collection && !one) return errorReply(404, { error: 'not_found', message: `The control API has no operation at ${request.path} (specs/fetch-mock-control.openapi.yaml lists them).` });
  const operationId = collection ? ({ POST: 'createKey', GET: 'listKeys' } as Record<string, string>)[request.method] : request.method === 'DELETE' ? 'deleteKey' : undefined;
  if (operationId === undefined) {
    const allow = collection ? 'POST, GET' : 'DELETE';
    return errorReply(405, { error: 'method_not_allowed', message: `${request.path} takes ${allow}, not ${request.method}.` }, { allow });
  }
  const operation = fetchControlSpec().operation(operationId);
  const checked = validateRequest(operation, { method: request.method, url: request.query ? `${request.path}?${request.query}` : request.path, headers: request.headers, body: request.body });
  if (checked.violations.length) return badRequest(new MockControlError(fetchControlProblems(checked.violations)));
  try {
    if (operationId === 'createKey') return ok(keys.create((checked.body ?? {}) as KeyRequest), 201);
    if (operationId === 'listKeys') return ok({ keys: keys.list() });
    keys.delete(decodeSegment(rest.slice(1)));
    return { status: 204, headers: { 'cache-control': 'no-store' }, body: '' };
  } catch (err) {
    if (err instanceof MockControlError) return badRequest(err);
    if (err instanceof MockAccountError) return errorReply(err.status, { error: err.status === 404 ? 'not_found' : 'conflict', message: err.message });
    throw err;
  }
}

/** A path segment as sent; one whose escapes are broken stays as it came (and then names no key). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
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
