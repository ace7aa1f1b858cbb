import { placeName, type Place } from './Place.ts';
import type { Outcome } from './validateInputs.ts';
import type { RecordError } from './validateRecord.ts';

const pointerText = (pointer: string) => (pointer === '' ? '(root)' : pointer);

function errorLine(place: Place, e: { pointer: string; clause: string; message: string }): string {
  return `${placeName(place)}: ${pointerText(e.pointer)} [${e.clause}] ${e.message}`;
}

function breaks(errors: readonly RecordError[]): string {
  return errors.map((e) => `[${e.clause}] ${pointerText(e.pointer)} ${e.message}`).join('; ');
}

/**
 * The lines a person reads for one outcome; none for a record that is fine (valid, or as its label
 * says). An invalid record: a line per error, "PLACE: POINTER [CLAUSE] MESSAGE". A record that
 * disagrees with its label: one line with its id, the label and what was found. A place that could not
 * be read: "PLACE REASON".
 */
export function describeOutcome(outcome: Outcome): string[] {
  if (outcome.kind === 'unreadable') return [`${placeName(outcome.place)} ${outcome.reason}`];
  if (outcome.kind === 'tree') return outcome.errors.map((e) => errorLine(e.place, e));
  const { place, id, errors, label, agrees } = outcome;
  if (agrees === undefined) return errors.map((e) => errorLine(place, e));
  if (agrees) return [];
  const who = `${placeName(place)}${id === undefined ? '' : ` (id ${JSON.stringify(id)})`}`;
  if (!label) return [`${who}: has no label to compare with (a manifest entry or a line's "valid")`];
  if (label.valid) return [`${who}: labelled valid, but it breaks ${breaks(errors)}`];
  const labelled = `labelled invalid${label.rule === undefined ? '' : ` [${label.rule}]`}`;
  if (errors.length === 0) return [`${who}: ${labelled}, but it is valid`];
  return [`${who}: ${labelled}, but instead it breaks ${breaks(errors)}`];
}

/**
 * The outcome as it stands in the JSON report: a record's entry `{file, line?, index?, ...}` with its
 * verdict, or the reason it could not be read; the tree's `{valid, errors}`.
 */
export function outcomeJson(outcome: Outcome): Record<string, unknown> {
  if (outcome.kind === 'tree') {
    const errors = outcome.errors.map(({ place: { source, ...at }, ...e }) => ({ file: source, ...at, ...e }));
    return { valid: errors.length === 0, errors };
  }
  const { source, ...at } = outcome.place;
  if (outcome.kind === 'unreadable') return { file: source, ...at, unreadable: outcome.reason };
  const { id, errors, label, agrees } = outcome;
  return { file: source, ...at, ...(id !== undefined && { id }), valid: errors.length === 0, errors, ...(label && { label }), ...(agrees !== undefined && { agrees }) };
}
