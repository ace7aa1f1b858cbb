import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { typeNames } from '../json/typeNames.ts';
import { describeValue } from '../json/describeValue.ts';
import { fieldLabel, valueAt } from '../json/jsonPointer.ts';
import type { Violation } from './Violation.ts';

const formatNames: Record<string, string> = {
  'date-time': 'date-time (RFC 3339, such as 2030-01-07T15:00:00Z)',
  date: 'date (RFC 3339, such as 2030-01-07)',
  uri: 'absolute URI (RFC 3986)',
  'uri-reference': 'URI reference (RFC 3986)',
  email: 'email address',
  uuid: 'UUID',
  int32: '32-bit integer',
  int64: '64-bit integer',
};

/** Where a value sits, as a person names it: "meetings[3].start_time", `root` ("the body") for the root. */
function placeLabel(pointer: string, root: string): string {
  return pointer === '' ? root : fieldLabel(pointer);
}

function param(error: ErrorObject, name: string): unknown {
  return (error.params as Record<string, unknown>)[name];
}

function list(values: readonly unknown[]): string {
  return values.map((v) => JSON.stringify(v)).join(', ');
}

/** The spec's rule an error broke, as the spec writes it: "maximum: 300", "format: date-time". */
function ruleOf(error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return `required: ${String(param(error, 'missingProperty'))}`;
    case 'type':
      return `type: ${[param(error, 'type')].flat().join(' | ')}`;
    case 'format':
      return `format: ${String(param(error, 'format'))}`;
    case 'enum':
      return 'enum';
    case 'const':
      return `const: ${JSON.stringify(param(error, 'allowedValue'))}`;
    case 'pattern':
      return `pattern: ${String(param(error, 'pattern'))}`;
    case 'additionalProperties':
      return 'additionalProperties: false';
    default: {
      const limit = param(error, 'limit');
      return limit === undefined ? error.keyword : `${error.keyword}: ${String(limit)}`;
    }
  }
}

/** One ajv error as a sentence that names the place, the value found and what the spec wants. */
function sentence(error: ErrorObject, value: unknown, root: string): string {
  const at = error.instancePath;
  const place = placeLabel(at, root);
  const found = valueAt(value, at);
  const got = describeValue(found);
  switch (error.keyword) {
    case 'type':
      return `${place} is ${got}; the spec says ${[param(error, 'type')].flat().map((t) => typeNames[String(t)] ?? String(t)).join(' or ')}`;
    case 'required': {
      const missing = String(param(error, 'missingProperty'));
      return `${at === '' ? root : place} lacks the required field "${missing}"`;
    }
    case 'additionalProperties':
      return `${place} has the field "${String(param(error, 'additionalProperty'))}", which the spec does not allow`;
    case 'enum':
      return `${place} is ${got}; the spec allows only ${list(param(error, 'allowedValues') as unknown[])}`;
    case 'const':
      return `${place} is ${got}; the spec allows only ${JSON.stringify(param(error, 'allowedValue'))}`;
    case 'format': {
      const format = String(param(error, 'format'));
      return `${place} is ${got}, which is not a valid ${formatNames[format] ?? format}`;
    }
    case 'pattern':
      return `${place} is ${got}, which does not match the spec's pattern ${String(param(error, 'pattern'))}`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `${place} is ${got}; the spec says ${error.keyword === 'minimum' ? 'at least' : 'more than'} ${String(param(error, 'limit'))}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `${place} is ${got}; the spec says ${error.keyword === 'maximum' ? 'at most' : 'less than'} ${String(param(error, 'limit'))}`;
    case 'minLength':
      return `${place} is ${got}; the spec says at least ${String(param(error, 'limit'))} character(s)`;
    case 'maxLength':
      return `${place} is ${got}; the spec says at most ${String(param(error, 'limit'))} character(s)`;
    case 'minItems':
      return `${place} has ${Array.isArray(found) ? found.length : 0} item(s); the spec says at least ${String(param(error, 'limit'))}`;
    case 'maxItems':
      return `${place} has ${Array.isArray(found) ? found.length : 0} item(s); the spec says at most ${String(param(error, 'limit'))}`;
    case 'uniqueItems':
      return `${place} repeats an item (positions ${String(param(error, 'j'))} and ${String(param(error, 'i'))}); the spec says the items are unique`;
    case 'anyOf':
    case 'oneOf':
      return `${place} is ${got}, which matches ${error.keyword === 'oneOf' && param(error, 'passingSchemas') ? 'more than one' : 'none'} of the forms the spec allows`;
    default:
      return `${place} ${error.message ?? 'breaks the schema'} (${got})`;
  }
}

// "if" reports that a branch failed; the branch's own errors say how, so it adds nothing.
const silent = new Set(['if', 'allOf']);

/** Runs `validate` and turns its errors into violations; [] when `value` is valid. */
export function schemaViolations(validate: ValidateFunction, value: unknown, where: Violation['where'], root: string, pointerPrefix = ''): Violation[] {
  if (validate(value)) return [];
  const seen = new Set<string>();
  const out: Violation[] = [];
  for (const error of validate.errors ?? []) {
    if (silent.has(error.keyword)) continue;
    const violation: Violation = { where, pointer: pointerPrefix + error.instancePath, rule: ruleOf(error), message: sentence(error, value, root) };
    const key = `${violation.pointer} ${violation.rule}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(violation);
  }
  return out;
}
