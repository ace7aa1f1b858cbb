import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileChunks } from './fileChunks.ts';
import { judgeBytes, judgeValue, type JudgeOptions, type TreeUnit, type Verdict } from './judgeRecord.ts';
import { parseManifest } from './parseManifest.ts';
import type { Place } from './Place.ts';
import { readFailure, readRecordFile } from './readRecordFile.ts';
import { readRecords, type ReadRecordsOptions, type RecordForm, type RecordRead } from './readRecords.ts';
import { RecordSet, type PlacedTreeError } from './RecordSet.ts';
import type { Label } from './unwrapLabelled.ts';
import type { RecordError } from './validateRecord.ts';
import { defaultWorkerCount, ValidatorPool } from './ValidatorPool.ts';
import { manifestPartPattern } from './manifestParts.ts';

/**
 * A path (a record file, an NDJSON file named *.ndjson or *.jsonl, a directory of record files), or a
 * named stream, read as NDJSON or one record unless it names its form (see RecordForm).
 */
export type RecordInput = string | { name: string; chunks: AsyncIterable<Uint8Array>; form?: RecordForm };

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
  /** Also check that all the records of all the inputs, as one page, form a tree. Implies `arrays` unless it is given. */
  tree?: boolean;
  /**
   * A file or stream (not NDJSON) holding a JSON array is read as records, one per element, not as one
   * record that is an array. A directory's files are one record each all the same: the manifest labels files.
   */
  arrays?: boolean;
  /** Per record (default 16 MiB). */
  maxBytes?: number;
  /** Worker threads for long streams (default: one per core, at most 4); 0 keeps everything on this thread. */
  workers?: number;
  /** Records of NDJSON or arrays read before workers start (default 2,000): short inputs do not pay their start. */
  workersAfter?: number;
}

/** A batch of outcomes, with what the tree check keeps of each record. */
type Judged = Array<{ outcome: Outcome; unit?: TreeUnit }>;

/**
 * Validates every record of every input, in order, yielding outcomes in batches as they are read:
 * constant memory for any length of NDJSON or JSON array (except what the tree check must keep of each
 * record: its id and links). Labels come from generate's `{record, valid, rule?}` lines or elements and
 * from a directory's manifest.json; a record with one is compared with it. Long streams are parsed and
 * validated on worker threads, the outcomes still in input order. Never throws for bad input: what
 * cannot be read is an `unreadable` outcome, and the run goes on.
 */
export async function* validateInputs(inputs: readonly RecordInput[], options: ValidateInputsOptions = {}): AsyncGenerator<Outcome[]> {
  const judging: JudgeOptions = { expect: options.expect === true, tree: options.tree === true };
  const set = options.tree ? new RecordSet() : undefined;
  const workers = options.workers ?? defaultWorkerCount();
  const workersAfter = options.workersAfter ?? 2000;
  // A page's records come as an array: what a set validator is given (`--validator-set`).
  const arrays = options.arrays ?? options.tree === true;
  let streamed = 0;
  let pool: ValidatorPool | undefined;

  const placed = (place: Place, verdict: Verdict): Judged[number] => {
    if ('problem' in verdict) return { outcome: { kind: 'unreadable', place, reason: verdict.problem } };
    const { unit, ...rest } = verdict;
    return { outcome: { kind: 'record', place, ...rest }, ...(unit && { unit }) };
  };

  /** Judges a batch of reads here, or hands their bytes to the pool; either way, in their order. */
  const judge = (source: string, reads: RecordRead[]): Judged | Promise<Judged> => {
    const judged: Array<Judged[number] | undefined> = [];
    const toPool: Uint8Array[] = [];
    const pooled: Array<{ at: number; place: Place }> = [];
    for (const r of reads) {
      const place = { source, ...r.place };
      if ('problem' in r) judged.push({ outcome: { kind: 'unreadable', place, reason: r.problem } });
      else if ('value' in r) judged.push(placed(place, judgeValue(r.value, judging)));
      else if (pool) {
        pooled.push({ at: judged.length, place });
        toPool.push(r.bytes);
        judged.push(undefined);
      } else {
        streamed++;
        judged.push(placed(place, judgeBytes(r.bytes, judging)));
      }
    }
    if (!pool && workers > 0 && streamed >= workersAfter) pool = new ValidatorPool(workers, judging);
    if (toPool.length === 0) return judged as Judged;
    return pool!.judge(toPool).then((verdicts) => {
      verdicts.forEach((v, k) => (judged[pooled[k]!.at] = placed(pooled[k]!.place, v)));
      return judged as Judged;
    });
  };

  const release = (batch: Judged): Outcome[] => {
    if (set) for (const { outcome, unit } of batch) if (outcome.kind === 'record') set.add(unit, outcome.place);
    return batch.map((j) => j.outcome);
  };

  async function* readSource(source: string, chunks: AsyncIterable<Uint8Array>, readOptions: ReadRecordsOptions): AsyncGenerator<Outcome[]> {
    // Batches in flight on the workers: enough to keep them all busy, few enough to bound memory.
    const window = 2 * Math.max(1, workers);
    const queue: Array<Judged | Promise<Judged>> = [];
    try {
      for await (const reads of readRecords(chunks, { ...readOptions, arrays, ...(options.maxBytes !== undefined && { maxBytes: options.maxBytes }) })) {
        const judged = judge(source, reads);
        // A batch that fails while an earlier one is awaited is not an unhandled rejection: its own
        // turn to be awaited will throw.
        if (judged instanceof Promise) judged.catch(() => undefined);
        queue.push(judged);
        while (queue.length > window) yield release(await queue.shift()!);
      }
    } catch (err) {
      // The file system's errors (a read that fails half-way) are the input's; anything else is a bug.
      if (typeof (err as NodeJS.ErrnoException).code !== 'string') throw err;
      while (queue.length > 0) yield release(await queue.shift()!);
      yield [{ kind: 'unreadable', place: { source }, reason: readFailure(err) }];
      return;
    }
    while (queue.length > 0) yield release(await queue.shift()!);
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
      // A shard's manifest part (generate --shard) is no record either.
      .filter((e) => e.name.endsWith('.json') && e.name !== manifestName && !manifestPartPattern.test(e.name) && !e.isDirectory())
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
    // Each file is one record, as generate --out writes them and as the file alone is read: a file
    // holding an array is a record that is an array (generate makes such invalid records).
    for (const file of files) {
      const path = join(dir, file);
      const read = await readRecordFile(path);
      const place = { source: path };
      yield release([read.ok ? placed(place, judgeValue(read.value, judging, labels?.get(file))) : { outcome: { kind: 'unreadable', place, reason: read.reason } }]);
    }
  }

  try {
    for (const input of inputs) {
      if (typeof input !== 'string') {
        yield* readSource(input.name, input.chunks, { form: input.form ?? 'stream' });
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
      else yield* readSource(input, fileChunks(input), { form: ndjsonFile.test(input) ? 'ndjson' : 'record' });
    }
    if (set) yield [{ kind: 'tree', errors: set.check() }];
  } finally {
    await pool?.close();
  }
}

const manifestName = 'manifest.json';
const ndjsonFile = /\.(ndjson|jsonl)$/i;
