import type { RequestTrace } from './core/answerServiceRequest.ts';

/**
 * One line of the access log: a request served, whatever its outcome, with what the pipeline traced of it
 * (the key's number, never the key; the target's origin; the upstream status, bytes and redirects; the
 * ServiceError code of a failure).
 */
export interface AccessLogEntry extends RequestTrace {
  event: 'request';
  time: string;
  id: string;
  method: string;
  /** The service path without its query string. */
  path: string;
  status: number;
  durationMs: number;
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
