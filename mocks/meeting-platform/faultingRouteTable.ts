import { setTimeout as sleep } from 'node:timers/promises';
import { resetConnectionReply, type MockReply, type MockRequest, type RouteTable } from '../MockExchange.ts';
import type { MockFaults } from './mockFaults.ts';
import type { OperationOf } from './operationOf.ts';
import { apiError } from './platformResponses.ts';

/**
 * The platform's table with the pending one-shot faults in front: a call of an operation a fault waits
 * for answers the fault's status (in the platform's error shape, with Retry-After when asked), or its own
 * answer late. The mock serves this table only while a fault waits (createMeetingPlatformMock).
 */
export function faultingRouteTable(platform: RouteTable, faults: MockFaults, operationOf: OperationOf): RouteTable {
  return {
    serves: (origin, path) => platform.serves(origin, path),
    answer(request) {
      const operation = operationOf(request.method, request.origin, request.path);
      const action = operation && faults.take(operation);
      if (!action) return platform.answer(request);
      if ('delayMs' in action) return delayed(request, platform.answer(request), action.delayMs);
      if ('reset' in action) return resetConnectionReply;
      const headers: Record<string, string> = { 'x-mock-injected': 'fault' };
      if (action.retryAfterSeconds !== undefined) headers['retry-after'] = String(action.retryAfterSeconds);
      return apiError(action.status, action.status, `Injected by a fault of the mock's control API (${operation}).`, {}, headers);
    },
  };
}

/** The answer, decided on arrival as the platform's latency is (meetingPlatformRoutes), delivered `ms` later or when the caller hangs up. */
async function delayed(request: MockRequest, answer: MockReply | Promise<MockReply>, ms: number): Promise<MockReply> {
  const gone = new AbortController();
  request.onHangUp(() => gone.abort());
  const reply = await answer;
  return sleep(ms, reply, { signal: gone.signal }).catch(() => reply);
}
