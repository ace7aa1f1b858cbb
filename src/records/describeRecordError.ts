import type { ErrorObject } from 'ajv/dist/2020.js';
import { describeValue } from '../json/describeValue.ts';
import { typeNames } from '../json/typeNames.ts';
import { fieldLabel, valueAt } from '../json/jsonPointer.ts';


function quoteList(values: readonly unknown[]): string {
  return values.map((v) => JSON.stringify(v)).join(', ');
}

function param(error: ErrorObject, name: string): unknown {
  return (error.params as Record<string, unknown>)[name];
}

/**
 * The sentence a person reads for one ajv error, naming the field, the rule and the value found:
 * "order must be at least 1, got number 0". ajv's own messages ("must be >= 1") name neither.
 */
export function describeRecordError(error: ErrorObject, record: unknown, clause: string): string {
  const at = error.instancePath;
  const field = fieldLabel(at);
  const got = describeValue(valueAt(record, at));
  switch (error.keyword) {
    case 'type': {
      const types = [param(error, 'type')].flat().map((t) => typeNames[String(t)] ?? String(t));
      if (at === '') return `a record must be a JSON object, got ${got}`;
      return `${field} must be ${types.join(' or ')}, got ${got}`;
    }
    case 'required':
      return `missing required property ${JSON.stringify(param(error, 'missingProperty'))}`;
    case 'additionalProperties':
      return `unknown property ${JSON.stringify(param(error, 'additionalProperty'))} (only extensions may hold extra properties)`;
    case 'const':
      return `${field} must be ${JSON.stringify(param(error, 'allowedValue'))}, got ${got}`;
    case 'enum':
      return `${field} must be one of ${quoteList(param(error, 'allowedValues') as unknown[])}, got ${got}`;
    case 'minLength':
      return `${field} must be at least ${String(param(error, 'limit'))} character(s) long, got ${got}`;
    case 'minimum':
      return `${field} must be at least ${String(param(error, 'limit'))}, got ${got}`;
    case 'minItems':
      if (clause === 'UR-PROVISIONAL-GAPS') return `status is provisional but ${field} is empty`;
      return `${field} must have at least ${String(param(error, 'limit'))} item(s)`;
    case 'uniqueItems': {
      const [first, second] = [Number(param(error, 'j')), Number(param(error, 'i'))].sort((a, b) => a - b);
      const item = describeValue(valueAt(record, `${at}/${String(first)}`));
      return `${field} has a duplicate item: ${item} at positions ${String(first)} and ${String(second)}`;
    }
    case 'pattern':
      return describePatternMismatch(field, valueAt(record, at), String(param(error, 'pattern')));
    default:
      return `${field} ${error.message ?? 'is invalid'}`;
  }
}

const fixedLengthClass = /^\^\[([^\]]+)\]\{(\d+)\}\$$/;

/**
 * Patterns of the form ^[class]{n}$ (the hash) are explained by what is wrong: the length, or the
 * first character outside the class. The wording of the class stays plain for the hash's one.
 */
function describePatternMismatch(field: string, value: unknown, pattern: string): string {
  const shape = fixedLengthClass.exec(pattern);
  if (!shape || typeof value !== 'string') return `${field} must match ${pattern}, got ${describeValue(value)}`;
  const [, charClass = '', lengthText = '0'] = shape;
  const wanted = charClass === '0-9a-f' ? 'lowercase hex characters' : `characters from [${charClass}]`;
  const chars = [...value];
  const expected = `${field} must be ${lengthText} ${wanted}`;
  if (chars.length !== Number(lengthText)) return `${expected}, got ${String(chars.length)} character${chars.length === 1 ? '' : 's'}`;
  const allowed = new RegExp(`^[${charClass}]$`, 'u');
  const bad = chars.findIndex((c) => !allowed.test(c));
  return `${expected}, got ${JSON.stringify(chars[bad])} at position ${String(bad + 1)}`;
}
