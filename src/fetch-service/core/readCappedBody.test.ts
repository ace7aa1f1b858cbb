import { Readable } from 'node:stream';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { BufferBudget } from './BufferBudget.ts';
import { contentCodings, readCappedBody } from './readCappedBody.ts';

const stream = (...chunks: Buffer[]) => Readable.from(chunks);
/** A cap of `maxBytes` and a budget of `budget` bytes (ample unless given). */
const keep = (maxBytes: number, budget = new BufferBudget(1e9)) => ({ maxBytes, reservation: budget.open() });
const text = 'the quick brown fox '.repeat(100);

describe('contentCodings', () => {
  test('lists codings in the order applied, identity left out', () => {
    expect(contentCodings('gzip')).toEqual(['gzip']);
    expect(contentCodings(' Deflate , identity, BR ')).toEqual(['deflate', 'br']);
    expect(contentCodings(undefined)).toEqual([]);
  });
});

describe('readCappedBody', () => {
  test('a plain body is read whole', async () => {
    const { bytes, decoded } = await readCappedBody(stream(Buffer.from('ab'), Buffer.from('cd')), {}, keep(4));
    expect(bytes.toString()).toBe('abcd');
    expect(decoded).toBe(true);
  });

  test.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ] as const)('%s is decompressed', async (coding, compress) => {
    const { bytes } = await readCappedBody(stream(compress(text)), { contentEncoding: coding }, keep(10_000));
    expect(bytes.toString()).toBe(text);
  });

  test('several codings are undone in reverse order', async () => {
    const body = brotliCompressSync(gzipSync(text));
    const { bytes } = await readCappedBody(stream(body), { contentEncoding: 'gzip, br' }, keep(10_000));
    expect(bytes.toString()).toBe(text);
  });

  test('an unknown coding leaves the bytes as received and says so', async () => {
    const { bytes, decoded } = await readCappedBody(stream(Buffer.from('xyz')), { contentEncoding: 'compress' }, keep(10));
    expect(bytes.toString()).toBe('xyz');
    expect(decoded).toBe(false);
  });

  test('a declared length over the cap is refused before reading', async () => {
    const body = stream(Buffer.from('never read'));
    await expect(readCappedBody(body, { contentLength: '11' }, keep(10))).rejects.toMatchObject({ status: 502, code: 'too_large' });
    expect(body.destroyed).toBe(true);
  });

  test('a body passing the cap while streaming is refused', async () => {
    await expect(readCappedBody(stream(Buffer.alloc(6), Buffer.alloc(6)), {}, keep(10))).rejects.toMatchObject({ code: 'too_large' });
  });

  test('a body inflating past the cap is refused', async () => {
    await expect(readCappedBody(stream(gzipSync(Buffer.alloc(100_000))), { contentEncoding: 'gzip' }, keep(10_000))).rejects.toMatchObject({
      code: 'too_large',
    });
  });

  test('compressed bytes past the cap are refused even when they inflate to little', async () => {
    const body = gzipSync(Buffer.alloc(50_000, 1), { level: 0 });
    await expect(readCappedBody(stream(body), { contentEncoding: 'gzip' }, keep(40_000))).rejects.toMatchObject({ code: 'too_large' });
  });

  test('bytes kept are taken from the budget; a body that does not fit is shed with 503', async () => {
    const budget = new BufferBudget(10);
    const reservation = budget.open();
    await readCappedBody(stream(Buffer.alloc(4), Buffer.alloc(4)), {}, { maxBytes: 100, reservation });
    expect(budget.used).toBe(8);
    await expect(readCappedBody(stream(Buffer.alloc(4)), {}, keep(100, budget))).rejects.toMatchObject({ status: 503, code: 'at_capacity' });
    const declared = stream(Buffer.alloc(4));
    await expect(readCappedBody(declared, { contentLength: '4' }, keep(100, budget))).rejects.toMatchObject({ code: 'at_capacity' });
    expect(declared.destroyed).toBe(true);
    reservation.release();
    expect(budget.used).toBe(0);
  });

  test('a declared length is reserved once, not again as it arrives', async () => {
    const budget = new BufferBudget(8);
    await readCappedBody(stream(Buffer.alloc(4), Buffer.alloc(4)), { contentLength: '8' }, keep(100, budget));
    expect(budget.used).toBe(8);
  });

  test('decompressed bytes are taken from the budget', async () => {
    const budget = new BufferBudget(1_000);
    await expect(readCappedBody(stream(gzipSync(Buffer.alloc(5_000))), { contentEncoding: 'gzip' }, keep(10_000, budget))).rejects.toMatchObject({
      code: 'at_capacity',
    });
  });

  test('a corrupt compressed body fails', async () => {
    await expect(readCappedBody(stream(Buffer.from('not gzip at all')), { contentEncoding: 'gzip' }, keep(100))).rejects.toThrow();
  });
});
