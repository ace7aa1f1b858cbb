import { CappedBytes, isJsonSpace } from './CappedBytes.ts';
import { maxRecordBytes, parseRecordBytes, tooLarge, type ReadResult } from './readRecordFile.ts';
import { JsonArraySplitter, type ArrayPiece } from './splitJsonArray.ts';
import { LineSplitter, type LinePiece } from './splitLines.ts';

/**
 * Where a record sits in its source: `line` (1-based) for NDJSON, `index` (from 0, with the line it
 * starts on) for an element of a JSON array, neither when the source is one record.
 */
export interface RecordPlace {
  line?: number;
  index?: number;
}

/**
 * One record read from a source: parsed (`value`), or its bytes still to parse (`bytes`: lines and
 * array elements, so that the caller may parse them where it likes, on another thread); or why the
 * bytes at that place are not one.
 */
export type RecordRead = { place: RecordPlace; value: unknown } | { place: RecordPlace; bytes: Uint8Array } | { place: RecordPlace; problem: string };

/**
 * How a source's bytes hold records:
 * - `record`: the whole source is one record, on one line or pretty-printed, whatever it holds (a file
 *   holding an array is a record that is an array). How a `.json` file is read, alone or in a directory.
 * - `ndjson`: one record per line (a `.ndjson` or `.jsonl` file).
 * - `stream`: NDJSON; or, when the first line is no JSON value on its own (and the second is no record
 *   line, see below), one record spread over many lines (pretty-printed). How standard input is read.
 */
export type RecordForm = 'record' | 'ndjson' | 'stream';

export interface ReadRecordsOptions {
  /** Default `stream`. */
  form?: RecordForm;
  /**
   * A source (not NDJSON) whose first character is `[` is a JSON array of records, one per element,
   * rather than one record that is an array: only when asked for (`--array`, or a page's set).
   */
  arrays?: boolean;
  /** Per record, not per stream (default 16 MiB). */
  maxBytes?: number;
}

const BOM = [0xef, 0xbb, 0xbf];

/**
 * Reads the records of a byte stream, in batches (one per chunk read), in the form the caller names
 * (see RecordForm); a JSON array element by element when `arrays` is set and the source is one.
 * Memory stays constant for arrays and NDJSON; the size limit applies to each record. Nothing is
 * thrown for bad input: a bad line or element is a `problem` at its place, and reading goes on.
 */
export async function* readRecords(chunks: AsyncIterable<Uint8Array>, options: ReadRecordsOptions = {}): AsyncGenerator<RecordRead[]> {
  const maxBytes = options.maxBytes ?? maxRecordBytes;
  const form = options.form ?? 'stream';
  const source = chunks[Symbol.asyncIterator]();
  // Look at the first bytes that are not white space (or a byte order mark) to tell an array.
  const seen: Uint8Array[] = [];
  let offset = 0;
  let first: number | undefined;
  while (first === undefined) {
    const next = await source.next();
    if (next.done) break;
    const chunk = next.value;
    seen.push(chunk);
    for (let i = 0; i < chunk.length && first === undefined; i++, offset++) {
      const b = chunk[i]!;
      if (!isJsonSpace(b) && !(offset < 3 && b === BOM[offset])) first = b;
    }
  }
  if (first === undefined) {
    yield [{ place: {}, problem: 'is empty (no record in it)' }];
    return;
  }
  const rest = replay(seen, source);
  if (first === 0x5b && options.arrays === true && form !== 'ndjson') yield* readArray(rest, maxBytes);
  else if (form === 'record') yield [toRead({}, await readWhole(rest, maxBytes))];
  else yield* readLines(rest, maxBytes, form === 'ndjson');
}

/** The whole source as one record, capped like any record. */
async function readWhole(chunks: AsyncIterable<Uint8Array>, maxBytes: number): Promise<ReadResult> {
  const bytes = new CappedBytes(maxBytes);
  for await (const chunk of chunks) bytes.add(chunk);
  const taken = bytes.take();
  if ('oversize' in taken) return { ok: false, reason: tooLarge(taken.oversize) };
  const result = parseRecordBytes(taken.bytes);
  // Several JSON values, one after the other: most likely NDJSON under a name that does not say so.
  if (!result.ok && / after JSON /.test(result.reason)) return { ok: false, reason: `${result.reason} (a file holds one record; NDJSON is read from *.ndjson, *.jsonl or stdin)` };
  return result;
}

async function* replay(seen: Uint8Array[], source: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    yield* seen;
    for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
  } finally {
    // A reader that stops early closes the source (a file's handle) as for-await would.
    await source.return?.();
  }
}

function readPiece(piece: { bytes: Uint8Array } | { oversize: number }): ReadResult {
  return 'bytes' in piece ? parseRecordBytes(piece.bytes) : { ok: false, reason: tooLarge(piece.oversize) };
}

/** A piece left unparsed, unless it is too large. */
function pieceRead(place: RecordPlace, piece: { bytes: Uint8Array } | { oversize: number }): RecordRead {
  return 'bytes' in piece ? { place, bytes: piece.bytes } : { place, problem: tooLarge(piece.oversize) };
}

function toRead(place: RecordPlace, result: ReadResult): RecordRead {
  return result.ok ? { place, value: result.value } : { place, problem: result.reason };
}

async function* readArray(chunks: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<RecordRead[]> {
  const splitter = new JsonArraySplitter(maxBytes);
  const convert = (pieces: ArrayPiece[]): RecordRead[] =>
    pieces.map((p) => ('problem' in p ? { place: { line: p.line }, problem: p.problem } : pieceRead({ index: p.index, line: p.line }, p)));
  for await (const chunk of chunks) {
    const pieces = splitter.push(chunk);
    if (pieces.length > 0) yield convert(pieces);
  }
  const last = convert(splitter.end());
  if (splitter.empty) last.push({ place: {}, problem: 'holds an empty array (no record in it)' });
  if (last.length > 0) yield last;
}

function isBlank(piece: LinePiece): boolean {
  if (!('bytes' in piece)) return false;
  for (const b of piece.bytes) if (!isJsonSpace(b)) return false;
  return true;
}

/** A line that is a JSON object on its own, from its first byte. */
function isRecordLine(piece: LinePiece): boolean {
  if (!('bytes' in piece) || piece.bytes[0] !== 0x7b) return false;
  const read = parseRecordBytes(piece.bytes);
  return read.ok && typeof read.value === 'object' && read.value !== null && !Array.isArray(read.value);
}

/**
 * NDJSON or one record: decided on the first two lines that are not blank, held until then (the
 * first line, parsed to decide, is not parsed twice). NDJSON when the first line is a JSON value on
 * its own, or (a broken first line must not hide the rest) when the second is a record line: a JSON
 * object on its own, starting the line. A pretty-printer indents what it nests, so no document spread
 * over lines is taken for NDJSON that way, an array of objects included.
 */
async function* readLines(chunks: AsyncIterable<Uint8Array>, maxBytes: number, ndjson: boolean): AsyncGenerator<RecordRead[]> {
  const splitter = new LineSplitter(maxBytes);
  // In an object, so that the compiler sees `take` change it.
  const state: { form: 'ndjson' | 'document' | undefined } = { form: ndjson ? 'ndjson' : undefined };
  const held: LinePiece[] = [];
  const lineRead = (p: LinePiece): RecordRead => (isBlank(p) ? { place: { line: p.line }, problem: emptyLine } : pieceRead({ line: p.line }, p));
  const document = new DocumentBuffer(maxBytes);

  const take = (pieces: LinePiece[]): RecordRead[] => {
    if (state.form === 'ndjson') return pieces.map(lineRead);
    if (state.form === 'document') {
      document.add(pieces);
      return [];
    }
    held.push(...pieces);
    const lines = held.filter((p) => !isBlank(p));
    if (lines.length < 2) return [];
    const first = lines[0]!;
    const firstRead = readPiece(first);
    state.form = firstRead.ok || isRecordLine(lines[1]!) ? 'ndjson' : 'document';
    if (state.form === 'document') {
      document.add(held);
      return [];
    }
    return held.map((p) => (p === first ? toRead({ line: p.line }, firstRead) : lineRead(p)));
  };

  for await (const chunk of chunks) {
    const reads = take(splitter.push(chunk));
    if (reads.length > 0) yield reads;
  }
  const reads = take(splitter.end());
  if (state.form === undefined) {
    // One line that is not blank, whatever blank lines surround it: a record file, in one line or
    // not JSON at all.
    const line = held.find((p) => !isBlank(p))!;
    yield [toRead({}, readPiece(line))];
  } else if (state.form === 'document') {
    yield [toRead({}, document.result())];
  } else if (reads.length > 0) {
    yield reads;
  }
}

const emptyLine = 'is an empty line (NDJSON holds one record per line)';

/** The lines of one record spread over many, joined again; capped like any record. */
class DocumentBuffer {
  readonly #bytes: CappedBytes;

  constructor(maxBytes: number) {
    this.#bytes = new CappedBytes(maxBytes);
  }

  add(pieces: LinePiece[]): void {
    for (const piece of pieces) {
      if ('bytes' in piece) this.#bytes.add(piece.bytes);
      else this.#bytes.addDropped(piece.oversize);
      this.#bytes.add(newline);
    }
  }

  result(): ReadResult {
    const taken = this.#bytes.take();
    return 'bytes' in taken ? parseRecordBytes(taken.bytes) : { ok: false, reason: tooLarge(taken.oversize) };
  }
}

const newline = new Uint8Array([0x0a]);
