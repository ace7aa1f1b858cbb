import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenServer, type ServedMock, type ServeOptions } from './listenServer.ts';
import { bodyLimitAt, mockFailure, plainFallback, type MockReply, type MockRequest, type RouteTable, type ServeFallback } from './MockExchange.ts';
import { readMockBody } from './readMockBody.ts';

export interface RouteTableServeOptions extends ServeOptions {
  /** The answer when the table gives none (not its address, a body too large, a failure). */
  fallback?: ServeFallback;
}

// Paths a URL parser would rewrite: dot segments (also as %2e), and characters it percent-encodes or reads
// as "/". Everything else is already what the msw adapter's `new URL(...).pathname` gives.
const needsUrlParser = /[^\w\-.~!$&'()*+,;=:@%/]|\/\.|\/%2e/i;
const utf8 = new TextDecoder();

/**
 * The node:http adapter of a route table: the request line and Node's parsed headers go to the table as
 * they are, no Fetch Request or Response is built, and a reply the table gives synchronously is written
 * without a promise in between. Behaviour matches the msw adapter (routeTableHandler): the same path
 * normalisation, duplicate headers joined with ", ", the body as UTF-8 text. The table is made once the
 * URL is known, because it may answer on it; origin-form targets count as addressed to that URL whatever
 * Host said, so "localhost" works too.
 */
export async function serveRouteTable(makeTable: (url: string) => RouteTable, options: RouteTableServeOptions = {}): Promise<ServedMock> {
  let table: RouteTable | undefined;
  let base = '';
  const fallback = options.fallback ?? plainFallback;
  const server = createServer({ joinDuplicateHeaders: true }, (req, res) => {
    try {
      route(req, res, table!, base, fallback);
    } catch (err) {
      fail(res, err, fallback, req.method === 'HEAD');
    }
  });
  const served = await listenServer(server, options);
  base = served.url;
  table = makeTable(base);
  return served;
}

function route(req: IncomingMessage, res: ServerResponse, table: RouteTable, base: string, fallback: ServeFallback): void {
  const method = req.method ?? 'GET';
  const head = method === 'HEAD';
  const target = req.url ?? '/';
  let origin = base;
  let path: string;
  let query = '';
  if (target.charCodeAt(0) === 47 /* "/" */) {
    const mark = target.indexOf('?');
    path = mark < 0 ? target : target.slice(0, mark);
    if (mark >= 0) query = target.slice(mark + 1);
    // Appended, not resolved: "//x" stays a path on this server.
    if (needsUrlParser.test(path)) path = new URL(base + path).pathname;
  } else {
    // Absolute form keeps its own host: a request through this server for another one.
    const url = URL.parse(target);
    if (!url) return send(res, fallback({ status: 404, message: `No such resource: ${target}` }), head);
    origin = url.origin;
    path = url.pathname;
    query = url.search.slice(1);
  }
  if (!table.serves(origin, path)) return send(res, fallback({ status: 404, message: `No such resource: ${target}` }), head);
  const headers = req.headers as Record<string, string | undefined>;
  const dispatch = (body: string): void => {
    const reply = table.answer(new NodeMockRequest(method, origin, path, query, headers, body, res));
    if (reply instanceof Promise) reply.then((r) => send(res, r, head), (err: unknown) => fail(res, err, fallback, head));
    else send(res, reply, head);
  };
  // A GET or HEAD has no body as Fetch sees it; Node drains one left unread once the reply is written.
  const hasBody = !head && method !== 'GET' && (headers['transfer-encoding'] !== undefined || (headers['content-length'] ?? '0') !== '0');
  if (!hasBody) return dispatch('');
  const limit = bodyLimitAt(path);
  readMockBody(
    req,
    (body) => {
      if (body === null) return send(res, fallback(limit.problem), head);
      try {
        dispatch(utf8.decode(body));
      } catch (err) {
        fail(res, err, fallback, head);
      }
    },
    // A caller gone mid-body gets no answer; the socket is closed already.
    () => undefined,
    limit.bytes,
  );
}

/** A MockRequest over node:http; hang-up listeners hook the response only when a route asks. */
class NodeMockRequest implements MockRequest {
  readonly method: string;
  readonly origin: string;
  readonly path: string;
  readonly query: string;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body: string;
  readonly #res: ServerResponse;

  constructor(method: string, origin: string, path: string, query: string, headers: Readonly<Record<string, string | undefined>>, body: string, res: ServerResponse) {
    this.method = method;
    this.origin = origin;
    this.path = path;
    this.query = query;
    this.headers = headers;
    this.body = body;
    this.#res = res;
  }

  onHangUp(listener: () => void): void {
    const res = this.#res;
    res.once('close', () => {
      if (!res.writableFinished) listener();
    });
  }
}

// Frozen replies are ones a table hands out again (MockReply): their bytes are encoded once.
const encodedReplies = new WeakMap<MockReply, Buffer>();

function bytesOf(reply: MockReply): Buffer {
  if (!Object.isFrozen(reply)) return Buffer.from(reply.body);
  let bytes = encodedReplies.get(reply);
  if (bytes === undefined) encodedReplies.set(reply, (bytes = Buffer.from(reply.body)));
  return bytes;
}

function send(res: ServerResponse, reply: MockReply, head: boolean): void {
  if (res.destroyed) return;
  if (reply.resetConnection) return void res.destroy();
  // Bytes, not text: node:http writes a Buffer with the head in one writev, where a string is joined to
  // the head and encoded on the way out, which profiles at several times the cost of the write itself.
  const body = bytesOf(reply);
  const raw: string[] = [];
  const headers = reply.headers;
  for (const name in headers) raw.push(name, headers[name]!);
  raw.push('content-length', String(body.length));
  res.writeHead(reply.status, raw);
  res.end(head ? undefined : body);
}

function fail(res: ServerResponse, err: unknown, fallback: ServeFallback, head: boolean): void {
  if (res.headersSent) return void res.destroy();
  send(res, fallback(mockFailure(err)), head);
}
