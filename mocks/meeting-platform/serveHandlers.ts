import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse, type RequestHandler } from 'msw';
import { htmlNotFound } from './htmlNotFound.ts';
import { knownText } from './knownBodyText.ts';

export interface ServeOptions {
  host?: string;
  /** 0 = any free port. */
  port?: number;
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
 * the answer, and the `Response` is written back; nothing matched gets an HTML 404 page, as a wrong
 * address does on the real platform. The handlers are made once the URL is known, because they match
 * on it. Request URLs are built on that URL whatever Host header came, so "localhost" works too.
 */
export async function serveHandlers(makeHandlers: (url: string) => RequestHandler[], options: ServeOptions = {}): Promise<ServedHandlers> {
  let handlers: RequestHandler[] = [];
  let base = '';
  const server = createServer((req, res) => {
    answer(req, res, handlers, base).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`mock failure: ${err instanceof Error ? err.message : String(err)}\n`);
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

async function answer(req: IncomingMessage, res: ServerResponse, handlers: RequestHandler[], base: string): Promise<void> {
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const body = hasBody ? await readBody(req) : undefined;
  if (body === null) {
    res.writeHead(413, { 'content-type': 'text/plain' }).end('request body too large\n');
    return;
  }
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const target = req.url ?? '/';
  // Origin-form targets ("/v2/...", even "//x") join the server's URL; absolute-form ones keep their host.
  const url = target.startsWith('/') ? base + target : target;
  let request: Request;
  try {
    request = new Request(url, { method, headers, body: body && body.length ? body : undefined });
  } catch {
    await write(res, htmlNotFound(), method);
    return;
  }
  const response = (await getResponse(handlers, request)) ?? htmlNotFound();
  await write(res, response, method);
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
