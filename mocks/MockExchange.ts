import type { ClientRequest } from '../src/client/ClientExchange.ts';

/**
 * A request as a mock's route table reads it: what an adapter (msw in-process, or node:http) parsed, and
 * nothing that ties it to either. The table is pure logic over this and the mock's state. It is the
 * request a client judge reads (ClientRequest: method, origin, path as sent with dot segments resolved as
 * a URL parser does, query, lowercase headers with a repeated one's values joined with ", " as Fetch
 * joins them, the body as UTF-8 with a BOM dropped), and one thing more.
 */
export interface MockRequest extends ClientRequest {
  /** Runs `listener` if the caller hangs up before the reply is written (a route holding a slot lets go). */
  onHangUp(listener: () => void): void;
}

/**
 * A mock's answer: every mock answers with text (JSON, HTML, plain). A table may hand the same reply out
 * again (a page asked for twice in a second); it freezes such a reply, and an adapter may then keep what
 * it derived from it (the node:http adapter its encoded bytes).
 */
export interface MockReply {
  status: number;
  /** Lowercase names, one value each; Content-Length is the adapter's business. */
  headers: Readonly<Record<string, string>>;
  body: string;
  /**
   * No answer at all: the adapter destroys the connection (node:http), or answers a network error
   * (msw's `Response.error()`), so the client sees a reset. Status, headers and body are then unused.
   */
  resetConnection?: true;
}

/** The reply that resets the connection instead of answering (a one-shot fault's `{"reset": true}`). */
export const resetConnectionReply: MockReply = Object.freeze({ status: 0, headers: Object.freeze({}), body: '', resetConnection: true as const });

/**
 * One mock's behaviour: the adapters only move requests in and replies out. The two service mocks answer
 * MockRequest with MockReply; the origin farm's table (mocks/origin/originTable.ts) reads a little more of
 * the request and answers with bytes, streams and broken connections.
 */
export interface RouteTable<Request extends MockRequest = MockRequest, Reply = MockReply> {
  /**
   * Whether the mock answers for this origin and path at all. In-process, anything else is some other
   * service's (msw lets it pass); over HTTP it is a wrong address (the server's 404).
   */
  serves(origin: string, path: string): boolean;
  /** Answers synchronously where it can: the node:http adapter then writes without a promise in between. */
  answer(request: Request): Reply | Promise<Reply>;
}

/** How a mock is served over HTTP: its route table straight on node:http, or its msw handlers. */
export type MockAdapter = 'node' | 'msw';

/** Why an adapter answers by itself rather than through the table. */
export interface ServeProblem {
  /** 404: not the mock's address; 413: request body over 1 MiB; 500: the table threw. */
  status: 404 | 413 | 500;
  message: string;
}

/** The answer to a ServeProblem, in the mocked service's own error shape. */
export type ServeFallback = (problem: ServeProblem) => MockReply;

/** The default fallback: the problem as plain text. */
export function plainFallback(problem: ServeProblem): MockReply {
  return { status: problem.status, headers: { 'content-type': 'text/plain' }, body: `${problem.message}\n` };
}

/** Request bodies beyond this are refused: the mocks only ever read small forms and JSON. */
export const maxMockBodyBytes = 1 << 20;

/** The problem of a request body past maxMockBodyBytes. */
export const bodyTooLarge: ServeProblem = { status: 413, message: 'The request body is larger than the mock reads (1 MiB).' };

/** Where a whole account's data is put (`PUT /__conform/data`): up to 100,000 meetings, so a larger body. */
export const controlDataPath = '/__conform/data';
export const maxControlDataBytes = 64 << 20;
const dataTooLarge: ServeProblem = { status: 413, message: 'The request body is larger than the mock reads at /__conform/data (64 MiB).' };

/** The most of a request body the adapters read at `path`, and the problem past it. */
export function bodyLimitAt(path: string): { bytes: number; problem: ServeProblem } {
  return path === controlDataPath ? { bytes: maxControlDataBytes, problem: dataTooLarge } : { bytes: maxMockBodyBytes, problem: bodyTooLarge };
}

/** The problem of a table or handler that threw. */
export function mockFailure(err: unknown): ServeProblem {
  return { status: 500, message: `mock failure: ${err instanceof Error ? err.message : String(err)}` };
}
