import { open, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { agreesWithLabel } from './agreesWithLabel.ts';
import { checkTree, type TreeError } from './checkTree.ts';
import { parseManifest } from './parseManifest.ts';
import { readFailure } from './readRecordFile.ts';
import { readRecords, type ReadRecordsOptions, type RecordPlace } from './readRecords.ts';
import type { TreeClause } from './recordClauses.ts';
import { unwrapLabelled, type Label } from './unwrapLabelled.ts';
import { validateRecord, type RecordError } from './validateRecord.ts';

/** A path (a record file, an NDJSON file, a JSON array file or a directory of them), or a named stream. */
export type RecordInput = string | { name: string; chunks: AsyncIterable<Uint8Array> };

/** Where a record was read: its file (or stream name), and the line or array index within it. */
export interface Place extends RecordPlace {
  source: string;
}

export interface PlacedTreeError {
  place: Place;
  pointer: string;
  clause: TreeClause;
  message: string;
}

/**
 * What became of one record, or of a place that held none: a verdict (`errors`, empty when valid),
 * compared with the record's label when it has one (`agrees`); a reason it could not be read; or, at
 * the very end with the tree option, the tree errors of the whole set.
 */
export type Outcome =
  | { kind: 'record'; place: Place; id?: string; errors: readonly RecordError[]; label?: Label; agrees?: boolean }
  | { kind: 'unreadable'; place: Place; reason: string }
  | { kind: 'tree'; errors: PlacedTreeError[] };

export interface ValidateInputsOptions {
  /** Every record must carry a label (a line's `valid`, a manifest entry): one without is a failure. */
  expect?: boolean;
  /** Also check that all the records of all the inputs, as one page, form a tree. */
  tree?: boolean;
  /** Per record (default 16 MiB). */
  maxBytes?: number;
}

/**
 * Validates every record of every input, in order, yielding outcomes in batches as they are read:
 * constant memory for any length of NDJSON or JSON array (except what the tree check must keep of each
 * record: its id and links). Labels come from generate's `{record, valid, rule?}` lines or elements and
 * from a directory's manifest.json; a record with one is compared with it. Never throws for bad input:
 * what cannot be read is an `unreadable` outcome, and the run goes on.
 */
export async function* validateInputs(inputs: readonly RecordInput[], options: ValidateInputsOptions = {}): AsyncGenerator<Outcome[]> {
  const set = options.tree ? new RecordSet() : undefined;
  const judge = (place: Place, value: unknown, fileLabel: Label | undefined): Outcome => {
    const unwrapped = unwrapLabelled(value);
    if ('problem' in unwrapped) return { kind: 'unreadable', place, reason: unwrapped.problem };
    const { record } = unwrapped;
    const label = unwrapped.label ?? fileLabel;
    const errors = validateRecord(record);
    set?.add(record, place);
    const outcome: Outcome = { kind: 'record', place, errors };
    const id = (record as { id?: unknown } | null)?.id;
    if (typeof id === 'string') outcome.id = id;
    if (label) {
      outcome.label = label;
      outcome.agrees = agreesWithLabel(errors, label);
    } else if (options.expect) {
      outcome.agrees = false;
    }
    return outcome;
  };

  async function* readSource(source: string, chunks: AsyncIterable<Uint8Array>, readOptions: ReadRecordsOptions, fileLabel?: Label): AsyncGenerator<Outcome[]> {
    try {
      for await (const reads of readRecords(chunks, { ...readOptions, ...(options.maxBytes !== undefined && { maxBytes: options.maxBytes }) })) {
        yield reads.map((r) => {
          const place = { source, ...r.place };
          return 'problem' in r ? { kind: 'unreadable', place, reason: r.problem } : judge(place, r.value, fileLabel);
        });
      }
    } catch (err) {
      yield [{ kind: 'unreadable', place: { source }, reason: readFailure(err) }];
    }
  }

  async function* readDirectory(dir: string): AsyncGenerator<Outcome[]> {
    const unreadable = (source: string, reason: string): Outcome => ({ kind: 'unreadable', place: { source }, reason });
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      yield [unreadable(dir, readFailure(err))];
      return;
    }
    const files = entries
      .filter((e) => e.name.endsWith('.json') && e.name !== manifestName && !e.isDirectory())
      .map((e) => e.name)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    let labels: Map<string, Label> | undefined;
    if (entries.some((e) => e.name === manifestName)) {
      const path = join(dir, manifestName);
      try {
        const manifest = parseManifest(await readFile(path, 'utf8'));
        if (manifest.ok) labels = manifest.labels;
        else yield [unreadable(path, manifest.reason)];
      } catch (err) {
        yield [unreadable(path, readFailure(err))];
      }
    }
    const listed = new Set(files);
    const missing = [...(labels?.keys() ?? [])].filter((file) => !listed.has(file));
    if (missing.length > 0) {
      const present = new Set(entries.map((e) => e.name));
      yield missing.map((file) => unreadable(join(dir, file), `is listed in ${manifestName} but ${present.has(file) ? 'is not a .json record file' : 'does not exist'}`));
    }
    if (files.length === 0) yield [unreadable(dir, 'holds no .json record files')];
    for (const file of files) {
      const path = join(dir, file);
      yield* readSource(path, fileChunks(path), {}, labels?.get(file));
    }
  }

  for (const input of inputs) {
    if (typeof input !== 'string') {
      yield* readSource(input.name, input.chunks, {});
      continue;
    }
    let isDirectory: boolean;
    try {
      isDirectory = (await stat(input)).isDirectory();
    } catch (err) {
      yield [{ kind: 'unreadable', place: { source: input }, reason: readFailure(err) }];
      continue;
    }
    if (isDirectory) yield* readDirectory(input);
    else yield* readSource(input, fileChunks(input), { ndjson: ndjsonFile.test(input) });
  }
  if (set) yield [{ kind: 'tree', errors: set.check() }];
}

const manifestName = 'manifest.json';
const ndjsonFile = /\.(ndjson|jsonl)$/i;

/** Files up to this size are read in one call: most record files are a few kilobytes. */
const wholeFileBytes = 1 << 20;

async function* fileChunks(path: string): AsyncGenerator<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const info = await handle.stat();
    if (info.isFile() && info.size <= wholeFileBytes) {
      yield await handle.readFile();
      return;
    }
    yield* handle.createReadStream({ autoClose: false, highWaterMark: wholeFileBytes });
  } finally {
    await handle.close();
  }
}

/** What the tree check reads of each record, and where each was: all that --tree keeps per record. */
class RecordSet {
  readonly #units: unknown[] = [];
  readonly #places: Place[] = [];

  add(record: unknown, place: Place): void {
    const r = typeof record === 'object' && record !== null ? (record as Record<string, unknown>) : {};
    this.#units.push({ id: r.id, parentUnitId: r.parentUnitId, children: r.children });
    this.#places.push(place);
  }

  check(): PlacedTreeError[] {
    return checkTree(this.#units, this.#places.map(placeName)).map(({ index, ...e }: TreeError) => ({ place: this.#places[index]!, ...e }));
  }
}

/** How a place is written for a person: `file`, `file:LINE` (NDJSON), `file[INDEX]` (a JSON array). */
export function placeName(place: Place): string {
  if (place.index !== undefined) return `${place.source}[${String(place.index)}]`;
  if (place.line !== undefined) return `${place.source}:${String(place.line)}`;
  return place.source;
}
