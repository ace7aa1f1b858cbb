import type { Redactor } from './Redactor.ts';

/**
 * `value` (a finding, a check's answers: plain data) with every text in it, however deep, passed through
 * the Redactor: no secret reaches a report. A copy; what is not a string, an array or a plain object is
 * kept as it is. Every text: a field added to a finding tomorrow is redacted without anyone listing it.
 */
export function redactTexts<T>(value: T, redactor: Pick<Redactor, 'redact'>): T {
  // The shape is T's own, rebuilt member by member: the casts only tell TypeScript so.
  if (typeof value === 'string') return redactor.redact(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => redactTexts(item, redactor)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactTexts(item, redactor)])) as T;
  }
  return value;
}
