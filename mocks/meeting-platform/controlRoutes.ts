import type { CompiledOperation } from '../../src/openapi/CompiledOperation.ts';
import { validateRequest } from '../../src/openapi/validateRequest.ts';
import { servedByJudge } from '../judgedRouteTable.ts';
import type { MockReply, MockRequest, RouteTable } from '../MockExchange.ts';
import { controlProblems } from './controlProblems.ts';
import { controlSpec } from './controlSpec.ts';
import type { MeetingPlatformControl } from './meetingPlatformControl.ts';
import { MockControlError, type ControlProblem } from './MockControlError.ts';
import type { MeetingOperationId } from './operationOf.ts';
import type { components } from '../../src/generated/mock-control.ts';

/** Where the control API lives on every origin of a mock: a path the mocked service never uses. */
export const controlPrefix = '/__conform/';

type ControlError = components['schemas']['ControlError'];

/** A route table with the control API in front, and the service's table behind it, which the mock may swap. */
export interface ControlledRouteTable extends RouteTable {
  /** The table that answers everything that is not a control call. */
  service: RouteTable;
}

/**
 * The control API under `/__conform/` on `origins`, in front of the service's table. A request of the
 * service pays one prefix test; control calls never reach the service's table (so its client judge never
 * sees them), except a GET of the client report, which the judged table serves itself (judgedRouteTable).
 */
export function controlRoutes(control: MeetingPlatformControl, origins: readonly string[], service: RouteTable): ControlledRouteTable {
  const underControl = (origin: string, path: string) => path.startsWith(controlPrefix) && origins.includes(origin);
  // The judged table answers GET and HEAD of the client report; any other method gets this API's 405.
  const isControl = (request: MockRequest) => underControl(request.origin, request.path) && !servedByJudge(request);
  const table: ControlledRouteTable = {
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
    for (const op of controlSpec().operations) {
      let methods = operationsByPath.get(op.path);
      if (!methods) operationsByPath.set(op.path, (methods = new Map()));
      methods.set(op.method, op);
    }
  }
  return operationsByPath.get(path);
}

// The one control path with a parameter: a user id holds no "/" (a meeting's uuid may, so it goes in a body or query).
const usersPrefix = `${controlPrefix}users/`;

function controlCall(control: MeetingPlatformControl, request: MockRequest): MockReply {
  const userId = request.path.startsWith(usersPrefix) && request.path.length > usersPrefix.length ? request.path.slice(usersPrefix.length) : undefined;
  const methods = operationsAt(userId !== undefined && !userId.includes('/') ? `${usersPrefix}{userId}` : request.path);
  if (!methods) return errorReply(404, { error: 'not_found', message: `The control API has no operation at ${request.path} (specs/mock-control.openapi.yaml lists them).` });
  const operation = methods.get(request.method);
  if (!operation) {
    const allow = [...methods.keys()].join(', ');
    return errorReply(405, { error: 'method_not_allowed', message: `${request.path} takes ${allow}, not ${request.method}.` }, { allow });
  }
  const checked = validateRequest(operation, { method: request.method, url: request.query ? `${request.path}?${request.query}` : request.path, headers: request.headers, body: request.body });
  if (checked.violations.length) return badRequest(controlProblems(checked.violations));
  try {
    return run(control, operation.operationId, checked.body, checked.query, userId === undefined ? '' : decodePathSegment(userId));
  } catch (err) {
    if (err instanceof MockControlError) return badRequest(err.problems);
    throw err;
  }
}

/** One operation, its input already checked against the spec. */
function run(control: MeetingPlatformControl, operationId: string, body: unknown, query: Record<string, unknown>, userId: string): MockReply {
  switch (operationId) {
    case 'reset':
      return ok(control.reset());
    case 'getClock':
      return ok(control.clock.now());
    case 'moveClock': {
      const move = body as components['schemas']['ClockMove'];
      return ok(move.advanceMs !== undefined ? control.clock.advance(move.advanceMs) : control.clock.set(move.setMs!));
    }
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
      const operation = query.operation as MeetingOperationId | undefined;
      return ok({ entries: control.journal({ ...(operation ? { operation } : {}), ...(since !== undefined ? { since } : {}) }) });
    }
    case 'getData':
      return ok(control.data.get());
    case 'putData':
      return ok(control.data.put(body));
    case 'listUsers':
      return ok({ users: control.users.list() });
    case 'putUser': {
      const put = control.users.put(userId, body);
      return ok(put.user, put.status === 'created' ? 201 : 200);
    }
    case 'deleteUser':
      return control.users.delete(userId) ? noContent() : errorReply(404, { error: 'not_found', message: `The mock's data has no user ${JSON.stringify(userId)}.`, field: 'userId' });
    case 'listMeetingRecords':
      return ok({ meetings: control.meetings.list(typeof query.hostId === 'string' ? query.hostId : undefined) });
    case 'putMeeting': {
      const put = control.meetings.put(body);
      return ok(put.meeting, put.status === 'created' ? 201 : 200);
    }
    case 'deleteMeeting': {
      const uuid = String(query.uuid);
      return control.meetings.delete(uuid) ? noContent() : errorReply(404, { error: 'not_found', message: `The mock's data has no meeting with uuid ${JSON.stringify(uuid)}.`, field: 'uuid' });
    }
    case 'generateMeetings':
      return ok(control.meetings.generate(body as components['schemas']['GenerateRequest']));
    default:
      // The client report is the judged table's (judgedRouteTable); the spec documents it for clients.
      return errorReply(404, { error: 'not_found', message: `The control API has no operation ${operationId} here.` });
  }
}

const jsonHeaders = { 'content-type': 'application/json', 'cache-control': 'no-store' } as const;

function ok(value: unknown, status = 200): MockReply {
  return { status, headers: jsonHeaders, body: `${JSON.stringify(value)}\n` };
}

/** A path segment as sent; one whose escapes are broken stays as it came (and then names no user). */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function noContent(): MockReply {
  return { status: 204, headers: { 'cache-control': 'no-store' }, body: '' };
}

function badRequest(problems: readonly ControlProblem[]): MockReply {
  const first = problems[0]!;
  return errorReply(400, { error: 'invalid_request', message: `${first.field}: ${first.message}`, field: first.field, problems: [...problems] });
}

function errorReply(status: number, error: ControlError, headers: Record<string, string> = {}): MockReply {
  return { status, headers: { ...jsonHeaders, ...headers }, body: `${JSON.stringify(error)}\n` };
}
