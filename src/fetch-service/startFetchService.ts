import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { FetchService, type FetchServiceOptions } from './FetchService.ts';
import { jsonLinesLogger } from './accessLog.ts';

export interface StartOptions extends FetchServiceOptions {
  /** 0 (the default here) picks a free port; the CLI defaults to 8080. */
  port?: number;
  /** Listen address; loopback unless the operator says otherwise. */
  host?: string;
  /** How long close() lets fetches in flight run before cutting them; default: the fetch timeout. */
  shutdownGraceMs?: number;
}

export interface RunningFetchService {
  /** Base URL, e.g. http://127.0.0.1:40123 (no trailing slash). */
  url: string;
  host: string;
  port: number;
  /** Requests currently being served. */
  readonly inFlight: number;
  /** Fetched bytes currently held in memory across fetches in flight. */
  readonly bufferedBytes: number;
  /** Graceful stop: no new fetches, those in flight finish or are cut at the grace deadline. Idempotent. */
  close(): Promise<void>;
}

const CLIENT_ERROR_STATUS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
};

/** Node answers unparseable requests itself with a bare status line; this keeps the JSON error body. */
function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  const [status, reason] = CLIENT_ERROR_STATUS[err.code ?? ''] ?? [400, 'Bad Request'];
  const body = JSON.stringify({ statusCode: status, error: reason, message: 'The request could not be read as HTTP.' });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/**
 * Starts the reference page-fetch service on an HTTP server: what `conform serve fetch-service` runs, and
 * what the harness starts in-process on loopback for the conformance suite.
 */
export async function startFetchService(options: StartOptions): Promise<RunningFetchService> {
  const log = options.log ?? jsonLinesLogger();
  const service = new FetchService({ ...options, log });
  // An idle kept-alive connection is the client's to close (a minute, as load balancers idle): a server that
  // closes one first resets the request a client sends on it at that moment, a race a busy machine's late
  // timers lose (the fetch suite's run against the reference got "no HTTP answer" in CI at 5 s).
  const server = createServer({ requestTimeout: 30_000, headersTimeout: 10_000, keepAliveTimeout: 65_000 }, service.handle);
  server.on('clientError', answerClientError);
  const host = options.host ?? '127.0.0.1';
  let address: AddressInfo;
  try {
    address = await listen(server, options.port ?? 0, host);
  } catch (err) {
    await service.shutdown(0);
    throw err;
  }
  const url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  log({ event: 'listening', time: new Date().toISOString(), url });

  let closing: Promise<void> | undefined;
  const close = async (): Promise<void> => {
    log({ event: 'shutting_down', time: new Date().toISOString(), inFlight: service.inFlight });
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await service.shutdown(options.shutdownGraceMs ?? options.timeoutMs ?? 60_000);
    // Replies are written; connections still open are idle keep-alives or callers that stopped reading.
    const straggler = setTimeout(() => server.closeAllConnections(), 1_000);
    server.closeIdleConnections();
    await stopped;
    clearTimeout(straggler);
    log({ event: 'closed', time: new Date().toISOString() });
  };
  return {
    url,
    host: address.address,
    port: address.port,
    get inFlight() {
      return service.inFlight;
    },
    get bufferedBytes() {
      return service.bufferedBytes;
    },
    close: () => (closing ??= close()),
  };
}
