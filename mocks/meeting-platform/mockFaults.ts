import type { components } from '../../src/generated/mock-control.ts';
import { oneShotFaults, type OneShotFaults } from '../control-api/oneShotFaults.ts';
import type { MeetingOperationId } from './operationOf.ts';

export type Fault = components['schemas']['Fault'];
export type FaultAction = components['schemas']['FaultAction'];
/** A fault as asked for: `times` defaults to 1. */
export type FaultInput = Omit<components['schemas']['FaultRequest'], 'times'> & { times?: number };

/** The meeting mock's one-shot faults, typed by specs/mock-control.openapi.yaml. */
export type MockFaults = OneShotFaults<MeetingOperationId, FaultAction>;

export function mockFaults(changed: () => void): MockFaults {
  return oneShotFaults<MeetingOperationId, FaultAction>(changed);
}
