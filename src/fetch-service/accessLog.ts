/** One line of the access log: a request served, whatever its outcome. */
export interface AccessLogEntry {
  event: 'request';
  time: string;
  id: string;
  method: string;
  /** The service path without its query string. */
  path: string;
  status: number;
  durationMs: number;
  /** Number of the API key used (1-based), never the key. */
  key?: number;
  /** scheme://host:port of the first URL fetched: no path, query or credentials, which can carry tokens. */
  target?: string;
  upstreamStatus?: number;
  bytes?: number;
  redirects?: number;
  /** Why the request failed, when it did (ServiceError code). */
  error?: string;
  client?: string;
}

/** Lifecycle lines: started, shutting down, stopped. */
export interface ServiceLogEntry {
  event: 'listening' | 'shutting_down' | 'closed';
  time: string;
  url?: string;
  inFlight?: number;
}

export type LogEntry = AccessLogEntry | ServiceLogEntry;
export type Logger = (entry: LogEntry) => void;

/** JSON lines on a stream (stderr by default), one entry a line, for log shippers. */
export function jsonLinesLogger(stream: NodeJS.WritableStream = process.stderr): Logger {
  return (entry) => {
    stream.write(`${JSON.stringify(entry)}\n`);
  };
}
