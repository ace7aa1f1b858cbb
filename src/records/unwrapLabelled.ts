/** What a fixture says a record should be: valid, or invalid by breaking `rule` (a clause id). */
export interface Label {
  valid: boolean;
  rule?: string;
}

export type Unwrapped = { record: unknown; label?: Label } | { problem: string };

const envelopeKeys = new Set(['record', 'valid', 'rule']);

/**
 * Takes a record out of generate's `{record, valid, rule?}` line, with its label; any other value is
 * the record itself, unlabelled. An object is an envelope when it has `record` and no key but those
 * three: a unit record never has a `record` property (the schema allows no property outside its list),
 * so no record is taken for an envelope by mistake.
 */
export function unwrapLabelled(value: unknown): Unwrapped {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('record' in value)) return { record: value };
  const keys = Object.keys(value);
  if (!keys.every((k) => envelopeKeys.has(k))) return { record: value };
  const { record, valid, rule } = value as { record: unknown; valid?: unknown; rule?: unknown };
  if (valid === undefined) return rule === undefined ? { record } : { problem: 'has a rule but no "valid" in its label' };
  if (typeof valid !== 'boolean') return { problem: `has a label whose "valid" is ${JSON.stringify(valid)}, not true or false` };
  if (rule !== undefined && typeof rule !== 'string') return { problem: `has a label whose "rule" is ${JSON.stringify(rule)}, not a clause id` };
  return { record, label: rule === undefined ? { valid } : { valid, rule } };
}
