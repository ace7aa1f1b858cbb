import type { CompiledOperation } from './CompiledOperation.ts';
import { headerGetter, type HeaderSource } from './headerGetter.ts';
import { essenceOf, isJson, mediaRangeCovers } from '../json/mediaType.ts';
import { responseFor } from './responseFor.ts';
import { schemaViolations } from './schemaViolations.ts';
import type { Violation } from './Violation.ts';

/** What came back for one request, as any HTTP client records it. */
export interface ResponseRecord {
  status: number;
  /** Header names in any case. */
  headers: HeaderSource;
  body: string;
}

function statusList(operation: CompiledOperation): string {
  return operation.responses.map((r) => (r.status === 'DEFAULT' ? 'default' : r.status)).join(', ');
}

/**
 * Checks one response against what the spec documents for the operation: a documented status, a
 * documented content type, a body that parses and matches the schema, and the documented headers
 * (present when required, valid when present). Returns every departure; [] when it conforms.
 * Extra fields, headers and statuses' descriptions are no violation: a platform may add to what it sends.
 */
export function checkExchange(operation: CompiledOperation, exchange: ResponseRecord): Violation[] {
  const response = responseFor(operation, exchange.status);
  const where = `${operation.method} ${operation.path}`;
  if (!response) {
    return [{ where: 'status', pointer: '', rule: 'documented status', message: `${where} answered ${exchange.status}; the spec documents ${statusList(operation)}` }];
  }
  const header = headerGetter(exchange.headers);
  const violations: Violation[] = [];

  for (const h of response.headers) {
    const value = header(h.name);
    if (value === undefined) {
      if (h.required) violations.push({ where: 'header', pointer: `/${h.name}`, rule: 'required header', message: `the ${exchange.status} reply lacks the required header ${h.name}` });
      continue;
    }
    if (h.validate) violations.push(...schemaViolations(h.validate, headerValue(value, h.schema), 'header', `header ${h.name}`, `/${h.name}`));
  }

  if (response.content.length === 0) return violations;
  const contentType = header('content-type');
  const essence = essenceOf(contentType);
  const documented = response.content.map((c) => c.mediaType);
  const media = response.content.find((c) => mediaRangeCovers(c.mediaType, essence));
  if (!media) {
    const got = contentType === undefined ? 'no Content-Type' : `Content-Type ${JSON.stringify(contentType)}`;
    violations.push({ where: 'header', pointer: '/content-type', rule: 'documented content type', message: `the ${exchange.status} reply came with ${got}; the spec documents ${documented.join(', ')}` });
    return violations;
  }
  if (!media.validate || !isJson(media.mediaType === '*/*' ? essence : media.mediaType)) return violations;
  let body: unknown;
  try {
    body = JSON.parse(exchange.body);
  } catch {
    const excerpt = exchange.body.length > 80 ? `${JSON.stringify(exchange.body.slice(0, 80))}…` : JSON.stringify(exchange.body);
    violations.push({ where: 'body', pointer: '', rule: 'JSON', message: `the ${exchange.status} reply is labelled ${essence} but its body is not JSON: ${excerpt}` });
    return violations;
  }
  violations.push(...schemaViolations(media.validate, body, 'body', 'the body'));
  return violations;
}

/** A header's text as the type its schema names (headers are text on the wire). */
function headerValue(text: string, schema: Record<string, unknown> | undefined): unknown {
  const type = schema?.type;
  if ((type === 'integer' || type === 'number') && /^\s*-?\d+(\.\d+)?\s*$/.test(text)) return Number(text);
  if (type === 'boolean' && /^(true|false)$/.test(text.trim())) return text.trim() === 'true';
  return text;
}
