import type { ClientJudge } from '../src/client/createClientJudge.ts';
import { livePage, livePagePath } from '../src/client/livePage.ts';
import type { MockReply, MockRequest, RouteTable } from './MockExchange.ts';
import type { ReadingClock } from './readingClock.ts';

/** Where a judging mock serves its client report while it runs (JSON). */
export const clientReportPath = '/__conform/client-report';

/**
 * Whether the judged table answers this request itself (GET or HEAD of the client report or of the live
 * page, src/client/livePage.ts), so that a mock's control API in front of it lets the request through.
 */
export function servedByJudge(request: { method: string; path: string }): boolean {
  return (request.path === clientReportPath || request.path === livePagePath) && (request.method === 'GET' || request.method === 'HEAD');
}

/**
 * A mock's route table that also judges its client: every request the table answers, with the answer, is
 * recorded for `judge` (the answer itself unchanged, so the mock still answers as the real service), and
 * `GET /__conform/client-report` on one of `origins` answers with the report so far, `GET /__conform/` with
 * the live page that polls it. Both adapters serve them, so the msw handlers and the node:http server judge alike.
 */
export function judgedRouteTable(table: RouteTable, judge: ClientJudge, clock: ReadingClock, origins: readonly string[]): RouteTable {
  // The service's own requests pay one prefix test (a character compare), the judge's paths two more.
  const isOwn = (origin: string, path: string) => path.startsWith(livePagePath) && (path === clientReportPath || path === livePagePath) && origins.includes(origin);
  const observed = (request: MockRequest, reply: MockReply, receivedAt: number, answeredAt: number): MockReply => {
    // A reset connection is no answer for the judge to judge (the call failed on the wire).
    if (reply.resetConnection) return reply;
    // Judged once this turn of the event loop is over: the answer goes out first. The request's fields
    // are recorded, not the adapter's object, which holds the response (node:http's ServerResponse and
    // all it leads to) alive until then: 60 KB of every scavenge of a judging mock survived so.
    const { method, origin, path, query, headers, body } = request;
    judge.record({ request: { method, origin, path, query, headers, body }, answer: reply, receivedAt, answeredAt });
    return reply;
  };
  const { readings } = clock;
  return {
    serves: (origin, path) => isOwn(origin, path) || table.serves(origin, path),
    answer(request) {
      if (isOwn(request.origin, request.path)) return request.path === livePagePath ? pageReply(request) : reportReply(request, judge);
      // The exchange is dated by the clock as the table read it while answering (its first reading and
      // its last), so that the judge goes by the times the mock went by: a token expires for the judge
      // when it does for the mock. A table that read no clock (a refusal, a route with no time in it) is
      // dated by one reading taken when it has answered, or, answering later, by one then too.
      readings.count = 0;
      const reply = table.answer(request);
      if (readings.count === 0) clock();
      const receivedAt = readings.first;
      return reply instanceof Promise ? reply.then((r) => observed(request, r, receivedAt, clock())) : observed(request, reply, receivedAt, readings.last);
    },
  };
}

function reportReply(request: MockRequest, judge: ClientJudge): MockReply {
  if (request.method !== 'GET' && request.method !== 'HEAD') return { status: 405, headers: { allow: 'GET', 'content-type': 'text/plain' }, body: 'GET the client report.\n' };
  // Mid-session: a walk in progress is said to be, not judged.
  return { status: 200, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }, body: `${JSON.stringify(judge.report({ end: false }), null, 2)}\n` };
}

function pageReply(request: MockRequest): MockReply {
  if (request.method !== 'GET' && request.method !== 'HEAD') return { status: 405, headers: { allow: 'GET', 'content-type': 'text/plain' }, body: 'GET the live page.\n' };
  const page = livePage();
  return { status: 200, headers: page.headers, body: page.body };
}
