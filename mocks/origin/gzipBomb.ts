import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { createGzip, constants } from 'node:zlib';
import { repeatBlock } from './repeatBlock.ts';

/** What the bomb inflates to: over any sane response cap, while the gzip itself stays near 130 KiB. */
export const gzipBombInflatedBytes = 128 * 1024 * 1024;

let bomb: Promise<Buffer> | undefined;

/**
 * A gzip member of `gzipBombInflatedBytes` zeros, compressed once per process on first use (about half a
 * second) by streaming one reused zero block through zlib, so the inflated size is never in memory.
 */
export function gzipBomb(): Promise<Buffer> {
  bomb ??= compressZeros(gzipBombInflatedBytes);
  return bomb;
}

function compressZeros(total: number): Promise<Buffer> {
  const zeros = repeatBlock(Buffer.alloc(1024 * 1024), total);
  return buffer(Readable.from(zeros).pipe(createGzip({ level: constants.Z_BEST_COMPRESSION })));
}
