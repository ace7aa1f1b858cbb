import { isJsonObject } from '../../json/isJsonObject.ts';
import { isReasonPhrase, reasonPhrases } from './reasonPhrases.ts';

// What is wrong with one reply of the fetch service, as the suite's checks judge the replies to their own
// probes and the validation proxy judges the replies an app got: one rule, one place.

/** A reply as any client of the service records it. */
export interface ReplyRecord {
  /** HTTP status; 0 when no HTTP answer came (`failure` says why). */
  status: number;
  /** Lowercase names. */
  headers: Record<string, string>;
  text: string;
  /** The body parsed as JSON; undefined when it is not JSON. */
  json: unknown;
  failure?: string;
}

/** The reply's body as a fetch result's fields, when it is a 200 with a JSON object; else undefined. */
export function resultOf(x: ReplyRecord): Record<string, unknown> | undefined {
  return x.status === 200 && isJsonObject(x.json) ? x.json : undefined;
}

/** A short account of a reply for a problem line: its status, and its error message when it has one. */
export function replied(x: ReplyRecord): string {
  if (x.status === 0) return `no HTTP answer (${x.failure ?? 'unknown failure'})`;
  const message = isJsonObject(x.json) && typeof x.json.message === 'string' ? `: ${x.json.message.slice(0, 160)}` : '';
  return `got ${x.status}${message}`;
}

/** A result field's value, short, for a problem line. */
export function describeValue(value: unknown): string {
  return value === undefined ? 'missing' : JSON.stringify(value).slice(0, 80);
}

/** FS-REPLY-JSON: a reply that is not a JSON object sent as application/json. */
export function jsonObjectProblem(x: ReplyRecord): string | undefined {
  const type = (x.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
  const issues: string[] = [];
  if (x.status === 0) return replied(x);
  if (!/^application\/([\w.+-]+\+)?json$/.test(type)) issues.push(`Content-Type is ${JSON.stringify(x.headers['content-type'] ?? null)}, not application/json`);
  if (!isJsonObject(x.json)) issues.push(`the body is not a JSON object: ${JSON.stringify(x.text.slice(0, 100))}`);
  return issues.length ? `${x.status}: ${issues.join('; ')}` : undefined;
}

/** FS-ERROR-BODY: an error reply whose body is not {statusCode, error, message} matching its status. */
export function errorBodyProblem(x: ReplyRecord): string | undefined {
  if (x.status < 400) return undefined;
  if (!isJsonObject(x.json)) return `${x.status} with a body that is not a JSON object: ${JSON.stringify(x.text.slice(0, 100))}`;
  const { statusCode, error, message } = x.json;
  const issues: string[] = [];
  if (statusCode !== x.status) issues.push(`statusCode is ${JSON.stringify(statusCode)}, the reply's status is ${x.status}`);
  if (!isReasonPhrase(x.status, error)) issues.push(`error is ${JSON.stringify(error)}, expected the reason phrase ${reasonPhrases(x.status).map((r) => JSON.stringify(r)).join(' or ') || '(none known)'}`);
  if (typeof message !== 'string') issues.push(`message is ${JSON.stringify(message)}, not a string`);
  return issues.length ? `${x.status}: ${issues.join('; ')}` : undefined;
}

/** FS-RESULT-SHAPE: a reply that is not a 200 fetch result of seed §2's shape. */
export function resultShapeProblem(x: ReplyRecord): string | undefined {
  const r = resultOf(x);
  if (!r) return `${replied(x)}; expected 200 with a fetch result`;
  const issues: string[] = [];
  if (typeof r.id !== 'string' || r.id === '') issues.push(`id is ${describeValue(r.id)}, not a non-empty string`);
  if (!Number.isInteger(r.statusCode)) issues.push(`statusCode is ${describeValue(r.statusCode)}, not an integer`);
  if (!isJsonObject(r.headers)) issues.push(`headers is ${describeValue(r.headers)}, not an object`);
  else {
    const notStrings = Object.entries(r.headers).filter(([, v]) => typeof v !== 'string');
    if (notStrings.length) issues.push(`header values that are not strings: ${notStrings.map(([n, v]) => `${n}=${describeValue(v)}`).join(', ')}`);
  }
  for (const field of ['content', 'contentType', 'encoding']) if (typeof r[field] !== 'string') issues.push(`${field} is ${describeValue(r[field])}, not a string`);
  return issues.join('; ') || undefined;
}
