import type { JsonSchema } from './CompiledOperation.ts';

const jsonNumber = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * A parameter's text (query, path, header or form field) as the value its schema's type names, or
 * `{problem}` when the text cannot be one. Strict on purpose: "1.0", " 5" and "0x10" are no integer.
 */
export function parseParameterText(text: string, schema: JsonSchema): { value: unknown } | { problem: string } {
  const types = [schema.type].flat().filter((t): t is string => typeof t === 'string');
  if (types.length === 0 || types.includes('string')) return { value: text };
  for (const type of types) {
    if (type === 'integer' && /^-?\d+$/.test(text)) return { value: Number(text) };
    if (type === 'number' && jsonNumber.test(text)) return { value: Number(text) };
    if (type === 'boolean' && (text === 'true' || text === 'false')) return { value: text === 'true' };
    if (type === 'null' && text === '') return { value: null };
  }
  const names: Record<string, string> = { integer: 'an integer', number: 'a number', boolean: 'true or false', null: 'empty' };
  return { problem: `is ${JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text)}, not ${types.map((t) => names[t] ?? t).join(' or ')}` };
}
