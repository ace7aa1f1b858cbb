import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse, type RequestHandler } from 'msw';
import { knownText } from './knownBodyText.ts';

/** Why the server answers by itself rather than through a handler. */
export interface ServeProblem {
  /** 404: no handler matched; 413: request body over 1 MiB; 500: a handler threw. */
  status: 404 | 413 | 500;
  message: string;
}

export interface ServeOptions {
  host?: string;
  /** 0 = any free port. */
  port?: number;
  /**
   * The answer when no handler can give one, in the mocked service's own error shape (an HTML page
   * for the meeting platform's wrong addresses, the JSON error body for the fetch service).
   */
  fallback?: (problem: ServeProblem) => Response;
}

/** The default fallback: the problem as plain text. */
export function plainFallback(problem: ServeProblem): Response {
  return new Response(`${problem.message}\n`, { status: problem.status, headers: { 'content-type': 'text/plain' } });
}

export interface ServedHandlers {
  /** http://host:port, no trailing slash. */
  url: string;
  close(): Promise<void>;
}

/** Request bodies beyond this are refused: the mock only ever reads small forms. */
const maxBodyBytes = 1 << 20;

/**
 * Serves msw handlers over real HTTP: each request becomes a Fetch `Request`, msw's `getResponse` picks
 * the answer, and the `Response` is written back; what no handler answers gets the mock's `fallback`.
 * The handlers are made once the URL is known, because they match on it. Request URLs are built on
 * that URL whatever Host header came, so "localhost" works too.
 */
export async function serveHandlers(makeHandlers: (url: string) => RequestHandler[], options: ServeOptions = {}): Promise<ServedHandlers> {
  let handlers: RequestHandler[] = [];
  let base = '';
  const fallback = options.fallback ?? plainFallback;
  const server = createServer((req, res) => {
    answer(req, res, handlers, base, fallback).catch(async (err: unknown) => {
      const message = `mock failure: ${err instanceof Error ? err.message : String(err)}`;
      if (res.headersSent) return void res.end();
      await write(res, fallback({ status: 500, message }), req.method ?? 'GET').catch(() => res.destroy());
    });
  });
  server.keepAliveTimeout = 10_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  base = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  handlers = makeHandlers(base);
  return {
    url: base,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  handlers: RequestHandler[],
  base: string,
  fallback: (problem: ServeProblem) => Response,
): Promise<void> {
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const body = hasBody ? await readBody(req) : undefined;
  if (body === null) {
    await write(res, fallback({ status: 413, message: 'The request body is larger than the mock reads (1 MiB).' }), method);
    return;
  }
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
    await write(res, notFound(), method);
    return;
  }
  await write(res, (await getResponse(handlers, request)) ?? notFound(), method);
}

function readBody(req: IncomingMessage): Promise<Buffer<ArrayBuffer> | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBodyBytes) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > maxBodyBytes ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function write(res: ServerResponse, response: Response, method: string): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  // Text reads faster than bytes out of a Fetch body (fewer copies through the stream machinery), and
  // the text a response was made from needs no reading at all.
  const textual = /^(text\/|application\/([\w.+-]+\+)?json)/i.test(response.headers.get('content-type') ?? '');
  const payload = knownText(response) ?? (textual ? await response.text() : Buffer.from(await response.arrayBuffer()));
  res.writeHead(response.status, response.statusText || undefined, headers);
  res.end(method === 'HEAD' ? undefined : payload);
}
