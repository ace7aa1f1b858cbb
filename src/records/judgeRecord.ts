import { agreesWithLabel } from './agreesWithLabel.ts';
import { parseRecordBytes } from './readRecordFile.ts';
import { unwrapLabelled, type Label } from './unwrapLabelled.ts';
import { validateRecord, type RecordError } from './validateRecord.ts';

/** What the tree check reads of a record: all that is kept of each record with the tree option. */
export interface TreeUnit {
  id: unknown;
  parentUnitId: unknown;
  children: unknown;
}

/**
 * The verdict on one value, before it is given its place: its errors (empty when valid), its id, its
 * label and whether it agrees with it; or why it is not a record to judge. Plain data, so that a worker
 * thread can hand it back.
 */
export type Verdict =
  | { errors: readonly RecordError[]; id?: string; label?: Label; agrees?: boolean; unit?: TreeUnit }
  | { problem: string };

export interface JudgeOptions {
  /** A record without a label does not agree (`agrees: false`) rather than go uncompared. */
  expect?: boolean;
  /** Keep what the tree check needs (`unit`). */
  tree?: boolean;
}

/** Validates one parsed value: a record, or generate's `{record, valid, rule?}` with its label. */
export function judgeValue(value: unknown, options: JudgeOptions, fileLabel?: Label): Verdict {
  const unwrapped = unwrapLabelled(value);
  if ('problem' in unwrapped) return unwrapped;
  const { record } = unwrapped;
  const label = unwrapped.label ?? fileLabel;
  const errors = validateRecord(record);
  const verdict: Verdict = { errors };
  const r = typeof record === 'object' && record !== null ? (record as Record<string, unknown>) : {};
  if (typeof r.id === 'string') verdict.id = r.id;
  if (label) {
    verdict.label = label;
    verdict.agrees = agreesWithLabel(errors, label);
  } else if (options.expect) {
    verdict.agrees = false;
  }
  if (options.tree) verdict.unit = { id: r.id, parentUnitId: r.parentUnitId, children: r.children };
  return verdict;
}

/** Parses, then validates, the bytes of one record (a line of NDJSON, an element of an array). */
export function judgeBytes(bytes: Uint8Array, options: JudgeOptions, fileLabel?: Label): Verdict {
  const parsed = parseRecordBytes(bytes);
  return parsed.ok ? judgeValue(parsed.value, options, fileLabel) : { problem: parsed.reason };
}
