import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';

const zeros = Buffer.alloc(1024 * 1024);

/** Inflates gzip while counting, so a test never holds the inflated bytes either. */
export async function inflatedSize(gzip: Buffer): Promise<{ bytes: number; allZero: boolean }> {
  let bytes = 0;
  let allZero = true;
  const count = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      // A native compare: a per-byte check in JS would take seconds over 128 MiB.
      allZero &&= chunk.length <= zeros.length && chunk.equals(zeros.subarray(0, chunk.length));
      done();
    },
  });
  await pipeline(Readable.from([gzip]), createGunzip(), count);
  return { bytes, allZero };
}
