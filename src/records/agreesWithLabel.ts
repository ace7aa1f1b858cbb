import type { Label } from './unwrapLabelled.ts';
import type { RecordError } from './validateRecord.ts';

/**
 * Whether a verdict (the record's errors) says what its label says: a record labelled valid has no
 * error; one labelled invalid has at least one, and breaks the labelled rule among them (a record made
 * to break one clause may break another on the way, as generate's own do not but hand-made ones may).
 */
export function agreesWithLabel(errors: readonly RecordError[], label: Label): boolean {
  if (label.valid) return errors.length === 0;
  if (label.rule === undefined) return errors.length > 0;
  return errors.some((e) => e.clause === label.rule);
}
