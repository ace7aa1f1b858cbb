import { MockAccountError } from '../control-api/MockAccountError.ts';
import { MockControlError } from '../control-api/MockControlError.ts';
import type { MockReply, MockRequest } from '../MockExchange.ts';
import { controlError, controlNoContent, controlOk, controlProblems } from '../control-api/controlReplies.ts';
import { findControlOperation } from '../control-api/findControlOperation.ts';
import { tenantRouteTable, type TenantRouteTable } from '../control-api/tenantRouteTable.ts';
import type { FetchServiceMock } from './createFetchServiceMock.ts';
import { fetchControlPrefix } from './fetchControlRoutes.ts';
import { fetchControlProblems, fetchControlSpec } from './fetchControlSpec.ts';
import type { FetchMockKeys, KeyRequest } from './fetchMockKeys.ts';

/** The header that scopes a control call to one key: its keyId, never the key. */
export const keyHeader = 'conform-key';

const keysPath = `${fetchControlPrefix}keys`;

/** The fetch mock's keys in front of their mocks (tenantRouteTable): by the Conform-Key header (a keyId), or by the key a fetch presents. */
export function keyRouteTable(defaultMock: FetchServiceMock, keys: () => FetchMockKeys): TenantRouteTable {
  return tenantRouteTable({
    defaultMock,
    tenantsPath: keysPath,
    tenantsCall: (request) => keysCall(keys(), request),
    header: keyHeader,
    headerShown: 'Conform-Key',
    noun: 'key',
    listedAt: 'GET /__conform/keys',
    use: (id) => keys().use(id),
    byRequest(request) {
      const presented = request.headers['x-svc-api-key'];
      return presented === undefined ? undefined : keys().useByKey(presented);
    },
  });
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
