/** A fault waiting for the calls it answers, as both control documents describe it (Fault). */
export interface OneShotFault<Operation extends string, Action extends object> {
  id: number;
  operation: Operation;
  /** Calls it still answers. */
  remaining: number;
  then: Action;
}

/** A fault as asked for: `times` defaults to 1. */
export interface OneShotFaultInput<Operation extends string, Action extends object> {
  operation: Operation;
  times?: number;
  then: Action;
}

/** One-shot faults waiting for the calls they answer, oldest first. */
export interface OneShotFaults<Operation extends string, Action extends object> {
  add(input: OneShotFaultInput<Operation, Action>): OneShotFault<Operation, Action>;
  pending(): OneShotFault<Operation, Action>[];
  /** Drops every pending fault; returns them. */
  clear(): OneShotFault<Operation, Action>[];
  /** The action for this call of `operation`, counted against the oldest fault on it; undefined when none waits. */
  take(operation: Operation): Action | undefined;
  readonly size: number;
}

/**
 * A queue of faults per operation, for any mock's control API. `changed` runs whenever the queue goes
 * from empty to not or back, so a mock can put its fault layer in front of its routes only while a fault
 * waits (the request path pays nothing otherwise).
 */
export function oneShotFaults<Operation extends string, Action extends object>(changed: () => void = () => {}): OneShotFaults<Operation, Action> {
  type Fault = OneShotFault<Operation, Action>;
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
