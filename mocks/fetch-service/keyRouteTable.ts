import type { components } from '../../src/generated/fetch-mock-control.ts';
import { MockAccountError } from '../control-api/MockAccountError.ts';
import { MockControlError } from '../control-api/MockControlError.ts';
import type { MockReply, MockRequest, RouteTable } from '../MockExchange.ts';
import { controlError, controlNoContent, controlOk, controlProblems } from '../control-api/controlReplies.ts';
import { findControlOperation } from '../control-api/findControlOperation.ts';
import type { FetchServiceMock } from './createFetchServiceMock.ts';
import { fetchControlPrefix } from './fetchControlRoutes.ts';
import { fetchControlProblems, fetchControlSpec } from './fetchControlSpec.ts';
import type { FetchMockKeys, KeyRequest } from './fetchMockKeys.ts';

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
    return mock ? mock.routes.answer(request) : controlError(404, { error: 'not_found', message: `No key ${keyId} (Conform-Key header; GET /__conform/keys lists them).`, field: 'Conform-Key' });
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
  const call = findControlOperation(fetchControlSpec(), 'specs/fetch-mock-control.openapi.yaml', request, fetchControlProblems);
  if (!('operationId' in call)) return call;
  try {
    if (call.operationId === 'createKey') return controlOk(keys.create((call.body ?? {}) as KeyRequest), 201);
    if (call.operationId === 'listKeys') return controlOk({ keys: keys.list() });
    keys.delete(call.params.keyId!);
    return controlNoContent();
  } catch (err) {
    if (err instanceof MockControlError) return controlProblems(400, err.problems);
    if (err instanceof MockAccountError) return controlError(err.status, { error: err.status === 404 ? 'not_found' : 'conflict', message: err.message });
    throw err;
  }
}
