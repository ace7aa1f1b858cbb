import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** Answers in one go with an exact Content-Length (HEAD gets the headers only: node:http drops the body). */
export function sendBody(res: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: Buffer | string): void {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  res.writeHead(status, { ...headers, 'Content-Length': bytes.length });
  res.end(bytes);
}

export function sendText(res: ServerResponse, status: number, text: string, headers: OutgoingHttpHeaders = {}): void {
  sendBody(res, status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers }, text);
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  sendBody(res, status, { 'Content-Type': 'application/json; charset=utf-8' }, `${JSON.stringify(value, null, 2)}\n`);
}
