import type { components } from '../../src/generated/fetch-mock-control.ts';
import { oneShotFaults, type OneShotFaults } from '../control-api/oneShotFaults.ts';

export type FetchFault = components['schemas']['Fault'];
export type FetchFaultAction = components['schemas']['FaultAction'];
export type FetchOperationId = components['schemas']['OperationId'];
/** A fault as asked for: `times` defaults to 1. */
export type FetchFaultInput = Omit<components['schemas']['FaultRequest'], 'times'> & { times?: number };

/** The fetch mock's one-shot faults, typed by specs/fetch-mock-control.openapi.yaml. */
export type FetchMockFaults = OneShotFaults<FetchOperationId, FetchFaultAction>;

export function fetchMockFaults(): FetchMockFaults {
  return oneShotFaults<FetchOperationId, FetchFaultAction>();
}
