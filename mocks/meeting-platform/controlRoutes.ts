import type { MockReply, MockRequest, RouteTable } from '../MockExchange.ts';
import { controlProblems as problemsOf } from './controlProblems.ts';
import { controlError, controlNoContent, controlOk, controlProblems } from '../control-api/controlReplies.ts';
import { findControlOperation } from '../control-api/findControlOperation.ts';
import { controlledRouteTable, type ControlledRouteTable } from '../control-api/controlledRouteTable.ts';
import { controlSpec } from './controlSpec.ts';
import type { MeetingPlatformControl } from './meetingPlatformControl.ts';
import { MockControlError } from '../control-api/MockControlError.ts';
import type { MeetingOperationId } from './operationOf.ts';
import type { components } from '../../src/generated/mock-control.ts';

/** Where the control API lives: the prefix every mock's control API shares. */
export { controlPrefix } from '../control-api/controlledRouteTable.ts';
export type { ControlledRouteTable } from '../control-api/controlledRouteTable.ts';

/** The control API (its document's operations) under `/__conform/` on `origins`, in front of the service's table. */
export function controlRoutes(control: MeetingPlatformControl, origins: readonly string[], service: RouteTable): ControlledRouteTable {
  return controlledRouteTable(origins, service, (request) => controlCall(control, request));
}

function controlCall(control: MeetingPlatformControl, request: MockRequest): MockReply {
  const call = findControlOperation(controlSpec(), 'specs/mock-control.openapi.yaml', request, problemsOf);
  if (!('operationId' in call)) return call;
  try {
    return run(control, call.operationId, call.body, call.query, call.params.userId ?? '');
  } catch (err) {
    if (err instanceof MockControlError) return controlProblems(400, err.problems);
    throw err;
  }
}

/** One operation, its input already checked against the spec. */
function run(control: MeetingPlatformControl, operationId: string, body: unknown, query: Record<string, unknown>, userId: string): MockReply {
  switch (operationId) {
    case 'reset':
      return controlOk(control.reset());
    case 'getClock':
      return controlOk(control.clock.now());
    case 'moveClock': {
      const move = body as components['schemas']['ClockMove'];
      return controlOk(move.advanceMs !== undefined ? control.clock.advance(move.advanceMs) : control.clock.set(move.setMs!));
    }
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
      const operation = query.operation as MeetingOperationId | undefined;
      return controlOk({ entries: control.journal({ ...(operation ? { operation } : {}), ...(since !== undefined ? { since } : {}) }) });
    }
    case 'getData':
      return controlOk(control.data.get());
    case 'putData':
      return controlOk(control.data.put(body));
    case 'listUsers':
      return controlOk({ users: control.users.list() });
    case 'putUser': {
      const put = control.users.put(userId, body);
      return controlOk(put.user, put.status === 'created' ? 201 : 200);
    }
    case 'deleteUser':
      return control.users.delete(userId) ? controlNoContent() : controlError(404, { error: 'not_found', message: `The mock's data has no user ${JSON.stringify(userId)}.`, field: 'userId' });
    case 'listMeetingRecords':
      return controlOk({ meetings: control.meetings.list(typeof query.hostId === 'string' ? query.hostId : undefined) });
    case 'putMeeting': {
      const put = control.meetings.put(body);
      return controlOk(put.meeting, put.status === 'created' ? 201 : 200);
    }
    case 'deleteMeeting': {
      const uuid = String(query.uuid);
      return control.meetings.delete(uuid) ? controlNoContent() : controlError(404, { error: 'not_found', message: `The mock's data has no meeting with uuid ${JSON.stringify(uuid)}.`, field: 'uuid' });
    }
    case 'generateMeetings':
      return controlOk(control.meetings.generate(body as components['schemas']['GenerateRequest']));
    default:
      // The client report is the judged table's (judgedRouteTable); the spec documents it for clients.
      return controlError(404, { error: 'not_found', message: `The control API has no operation ${operationId} here.` });
  }
}
