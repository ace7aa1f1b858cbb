import type { CompiledOperation, CompiledParameter } from './CompiledOperation.ts';
import { headerGetter, type HeaderSource } from './headerGetter.ts';
import { PathPattern } from './PathPattern.ts';
import { essenceOf, isJson, mediaRangeCovers } from '../json/mediaType.ts';
import { parseParameterText } from './parseParameterText.ts';
import { schemaViolations } from './schemaViolations.ts';
import type { Violation } from './Violation.ts';

/** A request as a server receives it. */
export interface RequestRecord {
  method: string;
  /** Path and query as sent (still percent-encoded), or a whole URL. */
  url: string;
  headers?: HeaderSource;
  body?: string;
  /**
   * Path parameters as the server's router gave them (decoded), when a gateway decodes the path in its
   * own way (the meeting platform's); otherwise they are read from `url`.
   */
  pathParams?: Record<string, string>;
}

/** What the spec makes of a request: its violations, and its parameters and body parsed (defaults applied). */
export interface ValidatedRequest {
  violations: Violation[];
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
  body: unknown;
}

/**
 * Checks a request against its operation: required parameters present, each parameter's text of its
 * schema's type and within the schema, the body of a documented content type, parsing and valid.
 * Unknown parameters and repeated ones are no violation (the first value counts): the spec leaves them
 * open; an empty one counts as absent where the spec says allowEmptyValue. A parameter with an
 * `x-conform-cap` takes values above it as the cap, as the platform does with page_size. Credentials
 * are the caller's business, not the spec's shape.
 */
export function validateRequest(operation: CompiledOperation, request: RequestRecord): ValidatedRequest {
  const url = new URL(request.url, 'http://conform.invalid');
  const header = headerGetter(request.headers);
  const out: ValidatedRequest = { violations: [], path: {}, query: {}, header: {}, body: undefined };
  const rawPath = PathPattern.fromTemplate(operation.path).match(url.pathname)?.params ?? {};

  for (const p of operation.parameters) {
    let text: string | undefined;
    if (p.in === 'path') {
      text = request.pathParams?.[p.name];
      if (text === undefined && rawPath[p.name] !== undefined) {
        try {
          text = decodeURIComponent(rawPath[p.name]!);
        } catch {
          out.violations.push({ where: 'path', pointer: `/${p.name}`, rule: 'percent-encoding', message: `path parameter ${p.name} is ${JSON.stringify(rawPath[p.name])}, which is not valid percent-encoding (RFC 3986 §2.1)` });
          continue;
        }
      }
    } else if (p.in === 'query') {
      text = url.searchParams.get(p.name) ?? undefined;
      // allowEmptyValue: "name=" counts as not given, as the platform reads it.
      if (text === '' && p.allowEmptyValue) text = undefined;
    } else {
      text = header(p.name);
    }
    readParameter(p, text, out);
  }

  const body = operation.requestBody;
  if (!body) return out;
  const text = request.body ?? '';
  if (text === '') {
    if (body.required) out.violations.push({ where: 'body', pointer: '', rule: 'required body', message: `${operation.method} ${operation.path} needs a request body (${body.content.map((c) => c.mediaType).join(', ')})` });
    return out;
  }
  const contentType = header('content-type');
  const essence = essenceOf(contentType);
  // No Content-Type: read as the one documented type, the way lenient servers do; the spec leaves it open.
  const media = contentType === undefined && body.content.length === 1 ? body.content[0] : body.content.find((c) => mediaRangeCovers(c.mediaType, essence));
  if (!media) {
    out.violations.push({ where: 'header', pointer: '/content-type', rule: 'documented content type', message: `the body is sent as ${JSON.stringify(contentType)}; the spec takes ${body.content.map((c) => c.mediaType).join(', ')}` });
    return out;
  }
  if (isJson(media.mediaType)) {
    try {
      out.body = JSON.parse(text);
    } catch {
      out.violations.push({ where: 'body', pointer: '', rule: 'JSON', message: `the body is not valid JSON (RFC 8259)` });
      return out;
    }
  } else if (media.mediaType === 'application/x-www-form-urlencoded') {
    out.body = formFields(text, media.schema);
  } else {
    out.body = text;
  }
  if (media.validate) out.violations.push(...schemaViolations(media.validate, out.body, 'body', 'the body'));
  return out;
}

function readParameter(p: CompiledParameter, text: string | undefined, out: ValidatedRequest): void {
  const where = p.in === 'header' ? 'header' : p.in;
  const pointer = `/${p.name}`;
  const values = p.in === 'header' ? out.header : out[p.in];
  if (text === undefined) {
    if (p.required) out.violations.push({ where, pointer, rule: 'required', message: `the ${p.in} parameter ${p.name} is required` });
    else if (p.schema.default !== undefined) values[p.name] = p.schema.default;
    return;
  }
  const parsed = parseParameterText(text, p.schema);
  if ('problem' in parsed) {
    out.violations.push({ where, pointer, rule: `type: ${String(p.schema.type)}`, message: `${p.in} parameter ${p.name} ${parsed.problem}` });
    return;
  }
  let value = parsed.value;
  if (p.cap !== undefined && typeof value === 'number' && value > p.cap) value = p.cap;
  const problems = schemaViolations(p.validate, value, where, `${p.in} parameter ${p.name}`, pointer);
  if (problems.length) out.violations.push(...problems);
  else values[p.name] = value;
}

/** Form fields by name (the first of repeated ones), each as its property's schema type when it parses. */
function formFields(text: string, schema: Record<string, unknown> | undefined): Record<string, unknown> {
  const properties = (schema?.properties ?? {}) as Record<string, Record<string, unknown>>;
  const fields: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(fields, name)) continue;
    const property = properties[name];
    const parsed = property ? parseParameterText(value, property) : { value };
    fields[name] = 'value' in parsed ? parsed.value : value;
  }
  return fields;
}
