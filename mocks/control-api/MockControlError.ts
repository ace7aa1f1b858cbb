/** One field a control call got wrong, as the control API's error body lists it. */
export interface ControlProblem {
  /** A dotted path into the body ("then.status"), a query parameter's or header's name, or "body" for the whole. */
  field: string;
  message: string;
}

/**
 * A control call whose input breaks specs/mock-control.openapi.yaml: thrown by the in-process handle,
 * answered 400 over HTTP. `field` is the first field at fault.
 */
export class MockControlError extends Error {
  readonly field: string;
  readonly problems: readonly ControlProblem[];

  constructor(problems: readonly ControlProblem[]) {
    const first = problems[0] ?? { field: 'body', message: 'the input breaks the control API' };
    super(`${first.field}: ${first.message}`);
    this.name = 'MockControlError';
    this.field = first.field;
    this.problems = problems;
  }
}
