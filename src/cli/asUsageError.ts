import { UsageError } from './UsageError.ts';

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * A `.catch` handler that turns the library's one-line refusals (errors of the `kinds` given: a RunError,
 * a MockStartError, ...) into usage errors, printed as they are with exit 2; anything else is rethrown.
 */
export function asUsageError(...kinds: ErrorClass[]): (err: unknown) => never {
  return (err) => {
    if (err instanceof Error && kinds.some((kind) => err instanceof kind)) throw new UsageError(err.message);
    throw err;
  };
}
