import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface RawOptions {
  method?: string;
  /** PEM to trust for https URLs. */
  ca?: string;
  rejectUnauthorized?: boolean;
  /** TLS server name to ask for and check, when it differs from the URL's host. */
  servername?: string;
  /** Count the body's bytes without keeping them (for bodies too large to hold). */
  countOnly?: boolean;
}

/** What came back, including how it ended: a test of a broken response needs the partial answer and the error. */
export interface RawOutcome {
  status: number | null;
  headers: IncomingHttpHeaders;
  /** Header lines as received: name, value, name, value... */
  rawHeaders: string[];
  body: Buffer;
  length: number;
  error: NodeJS.ErrnoException | null;
}

/**
 * One request on a fresh connection with node's own client, which neither follows redirects nor decodes
 * Content-Encoding: the test sees the bytes the farm sent. Never rejects; failures are in `error`.
 */
export function getRaw(url: string, options: RawOptions = {}): Promise<RawOutcome> {
  const outcome: RawOutcome = { status: null, headers: {}, rawHeaders: [], body: Buffer.alloc(0), length: 0, error: null };
  const chunks: Buffer[] = [];
  const request = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const finish = (error: NodeJS.ErrnoException | null): void => {
      outcome.error ??= error;
      outcome.body = Buffer.concat(chunks);
      resolve(outcome);
    };
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        agent: false,
        ...(options.ca === undefined ? {} : { ca: options.ca }),
        ...(options.rejectUnauthorized === undefined ? {} : { rejectUnauthorized: options.rejectUnauthorized }),
        ...(options.servername === undefined ? {} : { servername: options.servername }),
      },
      (res) => {
        outcome.status = res.statusCode ?? null;
        outcome.headers = res.headers;
        outcome.rawHeaders = res.rawHeaders;
        res.on('data', (chunk: Buffer) => {
          outcome.length += chunk.length;
          if (!options.countOnly) chunks.push(chunk);
        });
        res.on('error', finish);
        res.on('end', () => finish(null));
      },
    );
    req.on('error', finish);
    req.end();
  });
}
