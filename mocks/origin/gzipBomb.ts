import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { createGzip, constants } from 'node:zlib';
import { repeatBlock } from './repeatBlock.ts';

/** What the bomb inflates to: over any sane response cap, while the gzip itself stays near 130 KiB. */
export const gzipBombInflatedBytes = 128 * 1024 * 1024;

let bomb: Promise<Buffer> | undefined;

/**
 * A gzip member of `gzipBombInflatedBytes` zeros, compressed once per process on first use by streaming
 * one reused zero block through zlib, so the inflated size is never in memory. Run-length encoding (zlib's
 * Z_RLE) makes as few bytes (130,478) as the default strategy, in a third of the CPU (0.11 s, not 0.34 s):
 * every process that starts an origin farm pays it.
 */
export function gzipBomb(): Promise<Buffer> {
  bomb ??= compressZeros(gzipBombInflatedBytes);
  return bomb;
}

function compressZeros(total: number): Promise<Buffer> {
  const zeros = repeatBlock(Buffer.alloc(1024 * 1024), total);
  return buffer(Readable.from(zeros).pipe(createGzip({ level: constants.Z_BEST_COMPRESSION, strategy: constants.Z_RLE })));
}
