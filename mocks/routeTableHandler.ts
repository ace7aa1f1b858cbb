import { http, type HttpHandler } from 'msw';
import type { MockReply, MockRequest, RouteTable } from './MockExchange.ts';

/**
 * The msw adapter of a route table: one handler that takes every request the table serves (by origin and
 * path) and answers it through the table, for `setupServer(...)` in a user's own tests or `getResponse`.
 * Requests for other hosts are not matched, so msw lets them pass as it would without the mock.
 */
export function routeTableHandler(table: RouteTable): HttpHandler {
  return http.all(
    ({ request }) => {
      const url = new URL(request.url);
      return table.serves(url.origin, url.pathname);
    },
    async ({ request }) => replyResponse(await table.answer(await fromFetchRequest(request))),
  );
}

/** A Fetch Request as the table reads it. */
async function fromFetchRequest(request: Request): Promise<MockRequest> {
  const url = new URL(request.url);
  // No prototype: a header named __proto__ must stay a header.
  const headers = Object.create(null) as Record<string, string>;
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const bodyless = request.method === 'GET' || request.method === 'HEAD';
  return {
    method: request.method,
    origin: url.origin,
    path: url.pathname,
    query: url.search.slice(1),
    headers,
    body: bodyless ? '' : await request.text(),
    onHangUp: (listener) => request.signal.addEventListener('abort', listener, { once: true }),
  };
}

/** A table's reply as a Fetch Response. */
export function replyResponse(reply: MockReply): Response {
  // msw answers a network error for this: the request fails as if the connection broke.
  if (reply.resetConnection) return Response.error();
  // Fetch refuses any body, even an empty one, with a status that has none.
  const bodyless = reply.status === 204 || reply.status === 205 || reply.status === 304;
  return new Response(bodyless ? null : reply.body, { status: reply.status, headers: reply.headers });
}
