import type { components } from '../../src/generated/mock-control.ts';
import type { MeetingOperationId } from './operationOf.ts';

export type Fault = components['schemas']['Fault'];
export type FaultAction = components['schemas']['FaultAction'];
/** A fault as asked for: `times` defaults to 1. */
export type FaultInput = Omit<components['schemas']['FaultRequest'], 'times'> & { times?: number };

/** One-shot faults waiting for the calls they answer, oldest first. */
export interface MockFaults {
  add(input: FaultInput): Fault;
  pending(): Fault[];
  /** Drops every pending fault; returns them. */
  clear(): Fault[];
  /** The action for this call of `operation`, counted against the oldest fault on it; undefined when none waits. */
  take(operation: MeetingOperationId): FaultAction | undefined;
  readonly size: number;
}

/**
 * A queue of faults per operation. `changed` runs whenever the queue goes from empty to not or back, so
 * the mock can put the fault layer in front of its routes only while a fault waits (the request path
 * pays nothing otherwise).
 */
export function mockFaults(changed: () => void): MockFaults {
  let nextId = 1;
  const faults: Fault[] = [];
  const copy = (f: Fault): Fault => ({ ...f, then: { ...f.then } });
  return {
    add(input) {
      const fault: Fault = { id: nextId++, operation: input.operation, remaining: input.times ?? 1, then: { ...input.then } };
      faults.push(fault);
      if (faults.length === 1) changed();
      return copy(fault);
    },
    pending: () => faults.map(copy),
    clear() {
      const dropped = faults.splice(0).map(copy);
      if (dropped.length) changed();
      return dropped;
    },
    take(operation) {
      const i = faults.findIndex((f) => f.operation === operation);
      if (i < 0) return undefined;
      const fault = faults[i]!;
      if (--fault.remaining === 0) {
        faults.splice(i, 1);
        if (faults.length === 0) changed();
      }
      return fault.then;
    },
    get size() {
      return faults.length;
    },
  };
}
