import type { components } from '../../src/generated/fetch-mock-control.ts';
import type { CompiledOperation } from '../../src/openapi/CompiledOperation.ts';
import { validateRequest } from '../../src/openapi/validateRequest.ts';
import { servedByJudge } from '../judgedRouteTable.ts';
import { MockControlError, type ControlProblem } from '../meeting-platform/MockControlError.ts';
import type { MockReply, MockRequest, RouteTable } from '../MockExchange.ts';
import { fetchControlProblems, fetchControlSpec } from './fetchControlSpec.ts';
import type { FetchServiceControl } from './fetchServiceControl.ts';

/** Where the control API lives on the mock's origin: a path the fetch service never uses. */
export const fetchControlPrefix = '/__conform/';

type ControlError = components['schemas']['ControlError'];

/** The control API in front of the service's table, which a reset swaps (a new judge). */
export interface FetchControlledRouteTable extends RouteTable {
  service: RouteTable;
}

/**
 * The control API under `/__conform/` on `origins`, in front of the service's table. A request of the
 * service pays one prefix test; control calls never reach the service's table (so its client judge never
 * sees them), except what the judged table serves itself (servedByJudge: the client report).
 */
export function fetchControlRoutes(control: FetchServiceControl, origins: readonly string[], service: RouteTable): FetchControlledRouteTable {
  const underControl = (origin: string, path: string) => path.startsWith(fetchControlPrefix) && origins.includes(origin);
  const isControl = (request: MockRequest) => underControl(request.origin, request.path) && !servedByJudge(request);
  const table: FetchControlledRouteTable = {
    service,
    serves: (origin, path) => underControl(origin, path) || table.service.serves(origin, path),
    answer: (request) => (isControl(request) ? controlCall(control, request) : table.service.answer(request)),
  };
  return table;
}

let operationsByPath: Map<string, Map<string, CompiledOperation>> | undefined;

/** The spec's operations by path, then method: every control path is a literal. */
function operationsAt(path: string): Map<string, CompiledOperation> | undefined {
  if (!operationsByPath) {
    operationsByPath = new Map();
    for (const op of fetchControlSpec().operations) {
      let methods = operationsByPath.get(op.path);
      if (!methods) operationsByPath.set(op.path, (methods = new Map()));
      methods.set(op.method, op);
    }
  }
  return operationsByPath.get(path);
}

function controlCall(control: FetchServiceControl, request: MockRequest): MockReply {
  const methods = operationsAt(request.path);
  if (!methods) return errorReply(404, { error: 'not_found', message: `The control API has no operation at ${request.path} (specs/fetch-mock-control.openapi.yaml lists them).` });
  const operation = methods.get(request.method);
  if (!operation) {
    const allow = [...methods.keys()].join(', ');
    return errorReply(405, { error: 'method_not_allowed', message: `${request.path} takes ${allow}, not ${request.method}.` }, { allow });
  }
  const checked = validateRequest(operation, { method: request.method, url: request.query ? `${request.path}?${request.query}` : request.path, headers: request.headers, body: request.body });
  if (checked.violations.length) return badRequest(fetchControlProblems(checked.violations));
  try {
    return run(control, operation.operationId, checked.body, checked.query);
  } catch (err) {
    if (err instanceof MockControlError) return badRequest(err.problems);
    throw err;
  }
}

/** One operation, its input already checked against the spec. */
function run(control: FetchServiceControl, operationId: string, body: unknown, query: Record<string, unknown>): MockReply {
  switch (operationId) {
    case 'reset':
      return ok(control.reset());
    case 'getScenario':
      return ok(control.scenario.get());
    case 'patchScenario':
      return ok(control.scenario.set(body as components['schemas']['ScenarioPatch']));
    case 'listFaults':
      return ok({ faults: control.faults.pending() });
    case 'addFault':
      return ok(control.faults.add(body as components['schemas']['FaultRequest']), 201);
    case 'clearFaults':
      return ok({ faults: control.faults.clear() });
    case 'getJournal': {
      const since = typeof query.since === 'string' ? Date.parse(query.since) : undefined;
      return ok({ entries: control.journal(since !== undefined ? { since } : {}) });
    }
    case 'listPages':
      return ok({ pages: control.pages.list() });
    case 'putPages':
      return ok({ pages: control.pages.put((body as components['schemas']['PageList']).pages) });
    case 'addPage': {
      const { page, created } = control.pages.add(body as components['schemas']['Page']);
      return ok(page, created ? 201 : 200);
    }
    case 'deletePage': {
      if (typeof query.url !== 'string') return ok({ pages: control.pages.clear() });
      const dropped = control.pages.delete(query.url);
      if (!dropped) return errorReply(404, { error: 'not_found', message: `No page has the url or pattern ${JSON.stringify(query.url)}.`, field: 'url' });
      return ok({ pages: [dropped] });
    }
    default:
      // The client report is the judged table's (judgedRouteTable); the spec documents it for clients.
      return errorReply(404, { error: 'not_found', message: `The control API has no operation ${operationId} here.` });
  }
}

const jsonHeaders = { 'content-type': 'application/json', 'cache-control': 'no-store' } as const;

function ok(value: unknown, status = 200): MockReply {
  return { status, headers: jsonHeaders, body: `${JSON.stringify(value)}\n` };
}

function badRequest(problems: readonly ControlProblem[]): MockReply {
  const first = problems[0]!;
  return errorReply(400, { error: 'invalid_request', message: `${first.field}: ${first.message}`, field: first.field, problems: [...problems] });
}

function errorReply(status: number, error: ControlError, headers: Record<string, string> = {}): MockReply {
  return { status, headers: { ...jsonHeaders, ...headers }, body: `${JSON.stringify(error)}\n` };
}
