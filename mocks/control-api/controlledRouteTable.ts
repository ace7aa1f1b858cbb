import { servedByJudge } from '../judgedRouteTable.ts';
import type { MockReply, MockRequest, RouteTable } from '../MockExchange.ts';

/** Where every mock's control API lives on its origins: a path neither mocked service uses. */
export const controlPrefix = '/__conform/';

/** A route table with the control API in front, and the service's table behind it, which the mock may swap. */
export interface ControlledRouteTable extends RouteTable {
  /** The table that answers everything that is not a control call. */
  service: RouteTable;
}

/**
 * `call` under `/__conform/` on `origins`, in front of the service's table. A request of the service pays
 * one prefix test; control calls never reach the service's table (so its client judge never sees them),
 * except what the judged table serves itself (servedByJudge: the client report, the live page).
 */
export function controlledRouteTable(origins: readonly string[], service: RouteTable, call: (request: MockRequest) => MockReply): ControlledRouteTable {
  const underControl = (origin: string, path: string) => path.startsWith(controlPrefix) && origins.includes(origin);
  const isControl = (request: MockRequest) => underControl(request.origin, request.path) && !servedByJudge(request);
  const table: ControlledRouteTable = {
    service,
    serves: (origin, path) => underControl(origin, path) || table.service.serves(origin, path),
    answer: (request) => (isControl(request) ? call(request) : table.service.answer(request)),
  };
  return table;
}
