import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { atCapacity, errorForStatus } from '../../src/fetch-service/core/ServiceError.ts';
import { resetConnectionReply, type MockReply, type MockRequest, type RouteTable } from '../MockExchange.ts';
import type { FetchMockFaults } from './fetchMockFaults.ts';
import { errorReply } from './fetchServiceRoutes.ts';

export interface FaultSwitches {
  faults: FetchMockFaults;
  /** Read on every fetch: the scenario's errorRate (0..1). */
  errorRate(): number;
  timeoutMs(): number;
}

/**
 * The service's table with the pending one-shot faults and the scenario's error rate in front of
 * `POST {fetchPath}` (fetchPage). With neither, a request pays two reads. The error rate answers 503
 * with Retry-After (atCapacity): of the statuses specs/fetch-service.openapi.yaml gives fetchPage, 503
 * is the one the service gives for a passing state of its own ("retry shortly"); 502 and 504 blame the
 * origin, 429 the caller.
 */
export function faultingFetchRoutes(service: RouteTable, fetchPath: string, switches: FaultSwitches): RouteTable {
  return {
    serves: (origin, path) => service.serves(origin, path),
    answer(request) {
      const { faults } = switches;
      if (faults.size === 0 && switches.errorRate() === 0) return service.answer(request);
      if (request.method !== 'POST' || request.path !== fetchPath) return service.answer(request);
      const action = faults.take('fetchPage');
      const id = { 'x-request-id': randomUUID(), 'x-mock-injected': action ? 'fault' : 'error-rate' };
      if (action && 'reset' in action) return resetConnectionReply;
      if (action && 'delayMs' in action) return delayed(request, service.answer(request), action.delayMs);
      if (action) {
        const reply = errorReply(errorForStatus(action.status, switches.timeoutMs()), id);
        if (action.retryAfterSeconds === undefined) return reply;
        return { ...reply, headers: { ...reply.headers, 'retry-after': String(action.retryAfterSeconds) } };
      }
      if (Math.random() < switches.errorRate()) return errorReply(atCapacity(), id);
      return service.answer(request);
    },
  };
}

/** The answer delivered `ms` later, or when the caller hangs up. */
async function delayed(request: MockRequest, answer: MockReply | Promise<MockReply>, ms: number): Promise<MockReply> {
  const gone = new AbortController();
  request.onHangUp(() => gone.abort());
  const reply = await answer;
  return sleep(ms, reply, { signal: gone.signal }).catch(() => reply);
}
