import { describe, expect, test } from 'vitest';
import { OutputBuffer } from './OutputBuffer.ts';
import type { OutputStream } from './writeToReader.ts';

/** A stand-in stream: each write recorded; from the `goneAfter`-th write on, the reader is gone (EPIPE). */
function reader(goneAfter = Infinity) {
  const writes: string[] = [];
  const stream = {
    write(text: string, done: (err?: Error | null) => void) {
      if (writes.length >= goneAfter) done(Object.assign(new Error('EPIPE'), { code: 'EPIPE' }));
      else {
        writes.push(text);
        done();
      }
      return true;
    },
    on: () => stream,
    off: () => stream,
  };
  return { writes, stream: stream as unknown as OutputStream };
}

describe('OutputBuffer', () => {
  test('writes what was added in one piece, only once there is more than asked for', async () => {
    const { writes, stream } = reader();
    let before = 0;
    const out = new OutputBuffer(stream, () => before++);
    out.add('ab');
    out.add('cd');
    expect(await out.flush(4)).toBe(true);
    expect(writes).toEqual([]);
    expect(await out.flush(3)).toBe(true);
    expect(writes).toEqual(['abcd']);
    expect(await out.flush()).toBe(true);
    expect(writes).toEqual(['abcd']);
    expect(before).toBe(1);
  });

  test('says false once the reader is gone, and writes nothing more', async () => {
    const { writes, stream } = reader(1);
    const out = new OutputBuffer(stream);
    out.add('first');
    expect(await out.flush()).toBe(true);
    out.add('second');
    expect(await out.flush()).toBe(false);
    out.add('third');
    expect(await out.flush()).toBe(false);
    expect(writes).toEqual(['first']);
  });
});
