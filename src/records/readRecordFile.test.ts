import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { maxRecordBytes, parseRecordBytes, readCapped, readRecordFile } from './readRecordFile.ts';

const dir = mkdtempSync(join(tmpdir(), 'conform-read-record-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const bytes = (text: string) => new TextEncoder().encode(text);

describe('parseRecordBytes', () => {
  it('parses JSON text, a leading byte order mark skipped', () => {
    expect(parseRecordBytes(bytes('{"a": 1}'))).toEqual({ ok: true, value: { a: 1 } });
    expect(parseRecordBytes(bytes('\ufeff[1]'))).toEqual({ ok: true, value: [1] });
    expect(parseRecordBytes(bytes('null'))).toEqual({ ok: true, value: null });
  });

  it('gives a one-line reason for what is not one JSON value in UTF-8', () => {
    expect(parseRecordBytes(bytes(''))).toEqual({ ok: false, reason: 'is empty (a record is one JSON object)' });
    expect(parseRecordBytes(bytes(' \n\t'))).toMatchObject({ ok: false, reason: expect.stringMatching(/^is empty/) });
    expect(parseRecordBytes(new Uint8Array([0x22, 0xff, 0x22]))).toEqual({ ok: false, reason: 'is not UTF-8 text' });
    const notJson = parseRecordBytes(bytes('{"a": 1} {"b": 2}'));
    expect(notJson).toMatchObject({ ok: false, reason: expect.stringMatching(/^is not JSON: /) });
    expect(notJson.ok || notJson.reason.includes('\n')).toBe(false);
  });

  it('refuses more bytes than the limit', () => {
    expect(parseRecordBytes(new Uint8Array(maxRecordBytes + 1))).toMatchObject({ ok: false, reason: expect.stringMatching(/over the 16 MiB limit/) });
  });
});

describe('readRecordFile', () => {
  it('reads a file, and says why when it cannot', async () => {
    const good = join(dir, 'good.json');
    writeFileSync(good, '{"id": "x"}');
    expect(await readRecordFile(good)).toEqual({ ok: true, value: { id: 'x' } });
    expect(await readRecordFile(join(dir, 'nope.json'))).toEqual({ ok: false, reason: 'does not exist' });
    expect(await readRecordFile(dir)).toEqual({ ok: false, reason: 'is a directory, not a record file' });
  });

  it('refuses a file over the limit from its size, without reading it', async () => {
    const huge = join(dir, 'huge.json');
    writeFileSync(huge, '');
    truncateSync(huge, 1024 * 1024 * 1024);
    expect(await readRecordFile(huge)).toEqual({ ok: false, reason: 'is 1024.0 MiB, over the 16 MiB limit for one record' });
  });
});

describe('readCapped', () => {
  it('collects a stream, and stops reading just past the limit', async () => {
    expect(Buffer.from(await readCapped(Readable.from(['{"a"', ': 1}']))).toString()).toBe('{"a": 1}');
    let pulled = 0;
    async function* endless() {
      for (;;) {
        pulled++;
        yield new Uint8Array(1024 * 1024);
      }
    }
    const collected = await readCapped(endless());
    expect(collected.byteLength).toBeGreaterThan(maxRecordBytes);
    expect(pulled).toBe(17);
  });
});
