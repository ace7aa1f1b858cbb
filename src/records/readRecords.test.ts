import { describe, expect, it } from 'vitest';
import { parseRecordBytes } from './readRecordFile.ts';
import { readRecords, type ReadRecordsOptions, type RecordRead } from './readRecords.ts';

async function* chunked(text: string | Uint8Array, size = 7): AsyncGenerator<Uint8Array> {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** Every read, bytes left to parse parsed as the caller would. */
async function read(text: string | Uint8Array, options: ReadRecordsOptions = {}, size?: number) {
  const reads: Array<Record<string, unknown>> = [];
  for await (const batch of readRecords(chunked(text, size), options)) {
    for (const r of batch as RecordRead[]) {
      if (!('bytes' in r)) reads.push(r);
      else {
        const parsed = parseRecordBytes(r.bytes);
        reads.push(parsed.ok ? { place: r.place, value: parsed.value } : { place: r.place, problem: parsed.reason });
      }
    }
  }
  return reads;
}

const record = { id: 'a', kind: 'unit' };

describe('readRecords', () => {
  it('reads one record, on one line or pretty-printed, blank lines around it or not, as a file and as a stream', async () => {
    for (const text of [JSON.stringify(record), `\n\n${JSON.stringify(record, null, 2)}\n\n`, `\ufeff${JSON.stringify(record)}\n`]) {
      expect(await read(text, { form: 'record' })).toEqual([{ place: {}, value: record }]);
      expect(await read(text)).toEqual([{ place: {}, value: record }]);
    }
  });

  it('reads a record that is an array as one record, unless arrays are asked for', async () => {
    // generate makes such records (UR-OBJECT); a pretty-printer indents the elements.
    for (const value of [[record], [{}], [{}, 1], [], [[{}]]]) {
      for (const text of [JSON.stringify(value), JSON.stringify(value, null, 2), `${JSON.stringify(value, null, 2)}\n`]) {
        expect(await read(text, { form: 'record' }), text).toEqual([{ place: {}, value }]);
        expect((await read(text)).map((r) => ('value' in r ? r.value : r)), text).toEqual([value]);
      }
    }
  });

  it('reads a file as one record whatever it holds, and says so when it looks like NDJSON', async () => {
    expect(await read('{"n":1}\n{"n":2}\n', { form: 'record' })).toEqual([
      { place: {}, problem: expect.stringMatching(/^is not JSON: .* \(a file holds one record; NDJSON is read from \*\.ndjson, \*\.jsonl or stdin\)$/) },
    ]);
    expect(await read('{"n":', { form: 'record' })).toEqual([{ place: {}, problem: expect.not.stringMatching(/NDJSON/) }]);
  });

  it('reads NDJSON line by line, numbering lines from 1, and reports bad lines without stopping', async () => {
    const text = ['{"n":1}', '', '{"n":3', 'not json', '{"n":5}', ''].join('\n');
    expect(await read(text)).toEqual([
      { place: { line: 1 }, value: { n: 1 } },
      { place: { line: 2 }, problem: 'is an empty line (NDJSON holds one record per line)' },
      { place: { line: 3 }, problem: expect.stringMatching(/^is not JSON: /) },
      { place: { line: 4 }, problem: expect.stringMatching(/^is not JSON: /) },
      { place: { line: 5 }, value: { n: 5 } },
    ]);
  });

  it('reads NDJSON whose first line is broken, when the next line starts a record', async () => {
    expect(await read('{"n":\n{"n":2}\n')).toEqual([
      { place: { line: 1 }, problem: expect.stringMatching(/^is not JSON: /) },
      { place: { line: 2 }, value: { n: 2 } },
    ]);
  });

  it('reads a stream whose first line is broken as one record when the next line is indented, as a pretty-printer writes', async () => {
    expect(await read('{"n":\n  {"n":2},\n}\n')).toEqual([{ place: {}, problem: expect.stringMatching(/^is not JSON: /) }]);
    expect(await read('[\n  {"n":2}\n]\n')).toEqual([{ place: {}, value: [{ n: 2 }] }]);
  });

  it('reads a .ndjson file as NDJSON even with a single line, and with arrays asked for', async () => {
    expect(await read('{"n":1}\n', { form: 'ndjson' })).toEqual([{ place: { line: 1 }, value: { n: 1 } }]);
    expect(await read('[1]\n[2]\n', { form: 'ndjson', arrays: true })).toEqual([
      { place: { line: 1 }, value: [1] },
      { place: { line: 2 }, value: [2] },
    ]);
  });

  it('reads a JSON array element by element, with index and line, when arrays are asked for', async () => {
    for (const form of ['record', 'stream'] as const) {
      expect(await read(JSON.stringify([record, 2], null, 2), { form, arrays: true })).toEqual([
        { place: { index: 0, line: 2 }, value: record },
        { place: { index: 1, line: 6 }, value: 2 },
      ]);
      expect(await read('[]', { form, arrays: true })).toEqual([{ place: {}, problem: 'holds an empty array (no record in it)' }]);
      // Content that is no array is read as without the option.
      expect(await read(JSON.stringify(record, null, 2), { form, arrays: true })).toEqual([{ place: {}, value: record }]);
    }
  });

  it('says what is wrong with a source that holds no record', async () => {
    expect(await read(' \n ')).toEqual([{ place: {}, problem: 'is empty (no record in it)' }]);
    expect(await read('{"id": ')).toEqual([{ place: {}, problem: expect.stringMatching(/^is not JSON: /) }]);
    expect(await read(new Uint8Array([0x7b, 0xff, 0x7d]))).toEqual([{ place: {}, problem: 'is not UTF-8 text' }]);
  });

  it('applies the size limit to each record, not to the stream', async () => {
    const line = JSON.stringify({ pad: 'x'.repeat(30) });
    const many = Array.from({ length: 50 }, () => line).join('\n');
    const reads = await read(`${many}\n{"pad": "${'y'.repeat(100)}"}\n${line}\n`, { maxBytes: 64 }, 1000);
    expect(reads).toHaveLength(52);
    expect(reads[50]).toEqual({ place: { line: 51 }, problem: 'is 0.0 MiB, over the 16 MiB limit for one record' });
    expect(reads[51]).toMatchObject({ place: { line: 52 }, value: { pad: 'x'.repeat(30) } });
    for (const form of ['record', 'stream'] as const) {
      expect(await read(JSON.stringify({ ...record, pad: 'z'.repeat(60) }, null, 2), { form, maxBytes: 64 })).toEqual([{ place: {}, problem: expect.stringMatching(/over the 16 MiB limit/) }]);
    }
  });
});
