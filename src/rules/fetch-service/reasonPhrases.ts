import { STATUS_CODES } from 'node:http';

/**
 * Names a status's reason phrase has had besides Node's (RFC 9110 §15 today; RFC 7231 and RFC 2616
 * §6.1.1 before it; RFC 4918 for 422): a service written to any of them gives the reason phrase.
 */
const formerNames: Record<number, string[]> = {
  408: ['Request Time-out'],
  413: ['Content Too Large', 'Payload Too Large', 'Request Entity Too Large'],
  414: ['URI Too Long', 'Request-URI Too Long', 'Request-URI Too Large'],
  416: ['Range Not Satisfiable', 'Requested Range Not Satisfiable', 'Requested range not satisfiable'],
  422: ['Unprocessable Content', 'Unprocessable Entity'],
};

/** Seed §7 gives the `error` value of its own statuses word for word. */
const seedValues: Record<number, string> = { 400: 'Bad Request', 429: 'Too Many Requests', 502: 'Bad Gateway', 504: 'Gateway Timeout' };

/** The `error` values that are `status`'s reason phrase: §7's for its statuses, else every name it has had. */
export function reasonPhrases(status: number): string[] {
  const seed = seedValues[status];
  if (seed) return [seed];
  return [...new Set([STATUS_CODES[status], ...(formerNames[status] ?? [])].filter((r): r is string => Boolean(r)))];
}

/** Whether `error` is `status`'s reason phrase, in any case, white space around it aside. */
export function isReasonPhrase(status: number, error: unknown): boolean {
  return typeof error === 'string' && reasonPhrases(status).some((r) => r.toLowerCase() === error.trim().toLowerCase());
}
