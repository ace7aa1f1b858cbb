import type { MockReply } from '../MockExchange.ts';

/** One field a control call got wrong (MockControlError's problems). */
export interface ControlProblemBody {
  field: string;
  message: string;
}

/** The JSON error every control API answers with (ControlError in both control documents). */
export interface ControlErrorBody {
  error: string;
  message: string;
  field?: string;
  problems?: ControlProblemBody[];
}

const jsonHeaders = { 'content-type': 'application/json', 'cache-control': 'no-store' } as const;

/** A control call's JSON answer. */
export function controlOk(value: unknown, status = 200): MockReply {
  return { status, headers: jsonHeaders, body: `${JSON.stringify(value)}\n` };
}

/** A control call done with nothing to say (a delete). */
export function controlNoContent(): MockReply {
  return { status: 204, headers: { 'cache-control': 'no-store' }, body: '' };
}

export function controlError(status: number, error: ControlErrorBody, headers: Record<string, string> = {}): MockReply {
  return { status, headers: { ...jsonHeaders, ...headers }, body: `${JSON.stringify(error)}\n` };
}

/** Input that breaks the document (400), or a record that is not there (404): the first problem leads. */
export function controlProblems(status: 400 | 404, problems: readonly ControlProblemBody[]): MockReply {
  const first = problems[0] ?? { field: 'body', message: 'the input breaks the control API' };
  return controlError(status, { error: status === 404 ? 'not_found' : 'invalid_request', message: `${first.field}: ${first.message}`, field: first.field, problems: [...problems] });
}
