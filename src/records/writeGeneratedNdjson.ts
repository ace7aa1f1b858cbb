import { iterateRecords, shardRange } from './generateRecords.ts';
import { OutputBuffer } from './OutputBuffer.ts';
import type { OutputStream } from './writeToReader.ts';

export interface GeneratedSetOptions {
  count: number;
  seed: number;
  invalidRatio: number;
  /** Only part I of N of the set: the records at its positions, as the whole set has them. */
  shard?: { index: number; count: number };
}

/**
 * A generated set as NDJSON, one `{"record": ..., "valid": ..., "rule"?: ...}` line per record, written
 * to `out` in large pieces as it is generated (a million records never sit in memory). A shard's lines,
 * the shards in order, are the whole set's bytes. Stops quietly when the reader goes away (`| head`).
 */
export async function writeGeneratedNdjson({ count, seed, invalidRatio, shard }: GeneratedSetOptions, out: OutputStream): Promise<void> {
  const buffer = new OutputBuffer(out);
  for (const generated of iterateRecords({ count, seed, invalidRatio, ...(shard ? shardRange(count, shard) : {}) })) {
    buffer.add(JSON.stringify(generated) + '\n');
    if (!(await buffer.flush(1 << 16))) return;
  }
  await buffer.flush();
}
