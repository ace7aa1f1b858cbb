import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { getResponse, type RequestHandler } from 'msw';
import { listenServer, type ServedMock, type ServeOptions } from './listenServer.ts';
import { bodyLimitAt, mockFailure, plainFallback, type MockReply, type ServeFallback } from './MockExchange.ts';
import { readMockBody } from './readMockBody.ts';
import { replyResponse } from './routeTableHandler.ts';

export interface HandlersServeOptions extends ServeOptions {
  /** The answer when no handler gives one, in the mocked service's own error shape. */
  fallback?: ServeFallback;
}

/**
 * Serves msw handlers over real HTTP: each request becomes a Fetch `Request`, msw's `getResponse` picks
 * the answer, and the `Response` is written back; what no handler answers gets the mock's `fallback`.
 * This is the msw adapter over a socket: slower than a route table's own node:http adapter
 * (serveRouteTable), but it takes any handlers, so handlers put in front of a mock's own (a broken
 * variant, an override) are served as a user's `setupServer` would run them. The handlers are made once
 * the URL is known, because they match on it; request URLs are built on that URL whatever Host came.
 */
export async function serveHandlers(makeHandlers: (url: string) => RequestHandler[], options: HandlersServeOptions = {}): Promise<ServedMock> {
  let handlers: RequestHandler[] = [];
  let base = '';
  const fallback = options.fallback ?? plainFallback;
  const server = createServer({ joinDuplicateHeaders: true }, (req, res) => {
    answer(req, res, handlers, base, fallback).catch(async (err: unknown) => {
      if (res.headersSent) return void res.end();
      await write(res, replyResponse(fallback(mockFailure(err))), req.method ?? 'GET').catch(() => res.destroy());
    });
  });
  const served = await listenServer(server, options);
  base = served.url;
  handlers = makeHandlers(base);
  return served;
}

async function answer(req: IncomingMessage, res: ServerResponse, handlers: RequestHandler[], base: string, fallback: ServeFallback): Promise<void> {
  const method = req.method ?? 'GET';
  const reply = (r: MockReply) => write(res, replyResponse(r), method);
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const limit = bodyLimitAt((req.url ?? '/').split('?', 1)[0]!);
  const body = hasBody ? await readBody(req, limit.bytes) : undefined;
  if (body === null) return reply(fallback(limit.problem));
  // A caller that hangs up aborts the request, so a handler holding a slot (a slow fetch) lets go now.
  const hangUp = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) hangUp.abort();
  });
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const target = req.url ?? '/';
  // Origin-form targets ("/v2/...", even "//x") join the server's URL; absolute-form ones keep their host.
  const url = target.startsWith('/') ? base + target : target;
  const notFound = () => fallback({ status: 404, message: `No such resource: ${target}` });
  let request: Request;
  try {
    request = new Request(url, { method, headers, body: body && body.length ? body : undefined, signal: hangUp.signal });
  } catch {
    return reply(notFound());
  }
  const response = await getResponse(handlers, request);
  await (response ? write(res, response, method) : reply(notFound()));
}

// Copied into a Buffer of its own: a Fetch body takes bytes over a plain ArrayBuffer.
function readBody(req: IncomingMessage, limit: number): Promise<Buffer<ArrayBuffer> | null> {
  return new Promise((resolve, reject) => readMockBody(req, (body) => resolve(body && Buffer.concat([body])), reject, limit));
}

async function write(res: ServerResponse, response: Response, method: string): Promise<void> {
  // A network error (`Response.error()`, a reset the handler asked for) has no answer to write: the
  // connection is broken instead, as a socket would be.
  if (response.type === 'error') return void res.destroy();
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  const payload = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, response.statusText || undefined, headers);
  res.end(method === 'HEAD' ? undefined : payload);
}
