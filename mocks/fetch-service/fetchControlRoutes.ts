import type { components } from '../../src/generated/fetch-mock-control.ts';
import { MockControlError } from '../control-api/MockControlError.ts';
import type { MockReply, MockRequest, RouteTable } from '../MockExchange.ts';
import { controlError, controlOk, controlProblems } from '../control-api/controlReplies.ts';
import { findControlOperation } from '../control-api/findControlOperation.ts';
import { controlledRouteTable, type ControlledRouteTable } from '../control-api/controlledRouteTable.ts';
import { fetchControlProblems, fetchControlSpec } from './fetchControlSpec.ts';
import type { FetchServiceControl } from './fetchServiceControl.ts';

/** Where the control API lives: the prefix every mock's control API shares. */
export { controlPrefix as fetchControlPrefix } from '../control-api/controlledRouteTable.ts';
export type { ControlledRouteTable as FetchControlledRouteTable } from '../control-api/controlledRouteTable.ts';

/** The control API (its document's operations) under `/__conform/` on `origins`, in front of the service's table. */
export function fetchControlRoutes(control: FetchServiceControl, origins: readonly string[], service: RouteTable): ControlledRouteTable {
  return controlledRouteTable(origins, service, (request) => controlCall(control, request));
}

function controlCall(control: FetchServiceControl, request: MockRequest): MockReply {
  const call = findControlOperation(fetchControlSpec(), 'specs/fetch-mock-control.openapi.yaml', request, fetchControlProblems);
  if (!('operationId' in call)) return call;
  try {
    return run(control, call.operationId, call.body, call.query);
  } catch (err) {
    if (err instanceof MockControlError) return controlProblems(400, err.problems);
    throw err;
  }
}

/** One operation, its input already checked against the spec. */
function run(control: FetchServiceControl, operationId: string, body: unknown, query: Record<string, unknown>): MockReply {
  switch (operationId) {
    case 'reset':
      return controlOk(control.reset());
    case 'getScenario':
      return controlOk(control.scenario.get());
    case 'patchScenario':
      return controlOk(control.scenario.set(body as components['schemas']['ScenarioPatch']));
    case 'listFaults':
      return controlOk({ faults: control.faults.pending() });
    case 'addFault':
      return controlOk(control.faults.add(body as components['schemas']['FaultRequest']), 201);
    case 'clearFaults':
      return controlOk({ faults: control.faults.clear() });
    case 'getJournal': {
      const since = typeof query.since === 'string' ? Date.parse(query.since) : undefined;
      return controlOk({ entries: control.journal(since !== undefined ? { since } : {}) });
    }
    case 'listPages':
      return controlOk({ pages: control.pages.list() });
    case 'putPages':
      return controlOk({ pages: control.pages.put((body as components['schemas']['PageList']).pages) });
    case 'addPage': {
      const { page, created } = control.pages.add(body as components['schemas']['Page']);
      return controlOk(page, created ? 201 : 200);
    }
    case 'deletePage': {
      if (typeof query.url !== 'string') return controlOk({ pages: control.pages.clear() });
      const dropped = control.pages.delete(query.url);
      if (!dropped) return controlError(404, { error: 'not_found', message: `No page has the url or pattern ${JSON.stringify(query.url)}.`, field: 'url' });
      return controlOk({ pages: [dropped] });
    }
    default:
      // The client report is the judged table's (judgedRouteTable); the spec documents it for clients.
      return controlError(404, { error: 'not_found', message: `The control API has no operation ${operationId} here.` });
  }
}
