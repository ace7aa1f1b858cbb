import type { components } from '../../src/generated/fetch-mock-control.ts';

export type FetchFault = components['schemas']['Fault'];
export type FetchFaultAction = components['schemas']['FaultAction'];
export type FetchOperationId = components['schemas']['OperationId'];
/** A fault as asked for: `times` defaults to 1. */
export type FetchFaultInput = Omit<components['schemas']['FaultRequest'], 'times'> & { times?: number };

/** One-shot faults waiting for the fetches they answer, oldest first. */
export interface FetchMockFaults {
  add(input: FetchFaultInput): FetchFault;
  pending(): FetchFault[];
  /** Drops every pending fault; returns them. */
  clear(): FetchFault[];
  /** The action for this call of `operation`, counted against the oldest fault on it; undefined when none waits. */
  take(operation: FetchOperationId): FetchFaultAction | undefined;
  readonly size: number;
}

/**
 * The fetch mock's fault queue. mocks/meeting-platform/mockFaults.ts does the same for the meeting
 * platform, but its types are that document's (its operations, its Fault): this one is typed by
 * specs/fetch-mock-control.openapi.yaml.
 */
export function fetchMockFaults(): FetchMockFaults {
  let nextId = 1;
  const faults: FetchFault[] = [];
  const copy = (f: FetchFault): FetchFault => ({ ...f, then: { ...f.then } });
  return {
    add(input) {
      const fault: FetchFault = { id: nextId++, operation: input.operation, remaining: input.times ?? 1, then: { ...input.then } };
      faults.push(fault);
      return copy(fault);
    },
    pending: () => faults.map(copy),
    clear: () => faults.splice(0).map(copy),
    take(operation) {
      const i = faults.findIndex((f) => f.operation === operation);
      if (i < 0) return undefined;
      const fault = faults[i]!;
      if (--fault.remaining === 0) faults.splice(i, 1);
      return fault.then;
    },
    get size() {
      return faults.length;
    },
  };
}
