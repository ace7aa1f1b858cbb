import type { MockReply, MockRequest, RouteTable } from '../MockExchange.ts';
import { controlPrefix } from './controlledRouteTable.ts';
import { controlError } from './controlReplies.ts';

export interface TenantRouteOptions<Mock extends { routes: RouteTable }> {
  /** The mock the process started with: it answers whatever names no tenant. */
  defaultMock: Mock;
  /** Where the tenants' own API is (/__conform/accounts): answered by `tenantsCall`. */
  tenantsPath: string;
  tenantsCall(request: MockRequest): MockReply;
  /** The lowercase header that names a tenant in a control call, as people write it ("Conform-Account"). */
  header: string;
  headerShown: string;
  noun: string;
  listedAt: string;
  /** A tenant's mock by the id a control call names, its use noted. */
  use(id: string): Mock | undefined;
  /** The tenant's mock a service request's credentials lead to (a client id, an API key), its use noted. */
  byRequest(request: MockRequest): Mock | undefined;
}

/** A route table in front of every tenant's mock; `tenantsChanged` swaps its answer as tenants come and go. */
export interface TenantRouteTable extends RouteTable {
  tenantsChanged(size: number): void;
}

/**
 * One table on a mock's origins for all its tenants (the meeting mock's accounts, the fetch mock's keys).
 * The tenants' API it answers itself; a control call goes to the tenant its header names (an unknown one
 * is a 404, tenants or none); a service request to the tenant its credentials name, else to the default
 * mock, which refuses them as before. While no tenant exists the default mock's table answers everything
 * but the tenants' API and the header: no decoding, no lookup.
 */
export function tenantRouteTable<Mock extends { routes: RouteTable }>(options: TenantRouteOptions<Mock>): TenantRouteTable {
  const { defaultMock, tenantsPath, header } = options;
  const base = defaultMock.routes;
  const controlCall = (request: MockRequest): MockReply | Promise<MockReply> => {
    if (request.path === tenantsPath || request.path.startsWith(`${tenantsPath}/`)) return options.tenantsCall(request);
    const id = request.headers[header];
    if (id === undefined) return base.answer(request);
    const mock = options.use(id);
    return mock ? mock.routes.answer(request) : controlError(404, { error: 'not_found', message: `No ${options.noun} ${id} (${options.headerShown} header; ${options.listedAt} lists them).`, field: options.headerShown });
  };
  const direct = (request: MockRequest) => (request.path.startsWith(controlPrefix) ? controlCall(request) : base.answer(request));
  const dispatching = (request: MockRequest): MockReply | Promise<MockReply> => {
    if (request.path.startsWith(controlPrefix)) return controlCall(request);
    return (options.byRequest(request) ?? defaultMock).routes.answer(request);
  };
  const table: TenantRouteTable = {
    serves: (origin, path) => base.serves(origin, path),
    answer: direct,
    tenantsChanged: (size) => {
      table.answer = size ? dispatching : direct;
    },
  };
  return table;
}
