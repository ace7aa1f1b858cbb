import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, test } from 'vitest';
import { generateRecords } from './generateRecords.ts';
import { writeGeneratedNdjson } from './writeGeneratedNdjson.ts';
import type { OutputStream } from './writeToReader.ts';

async function ndjson(options: Parameters<typeof writeGeneratedNdjson>[0]): Promise<string> {
  const out = new PassThrough();
  const read = text(out);
  await writeGeneratedNdjson(options, out);
  out.end();
  return read;
}

describe('writeGeneratedNdjson', () => {
  test('a line per generated record, {record, valid, rule?}, in order', async () => {
    const lines = (await ndjson({ count: 40, seed: 3, invalidRatio: 0.25 })).split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual(JSON.parse(JSON.stringify(generateRecords({ count: 40, seed: 3, invalidRatio: 0.25 }))));
  });

  test("the shards' lines, in shard order, are the whole set's bytes", async () => {
    const set = { count: 2500, seed: 9, invalidRatio: 0.3 };
    const shards = await Promise.all([1, 2, 3].map((index) => ndjson({ ...set, shard: { index, count: 3 } })));
    expect(shards.join('')).toBe(await ndjson(set));
  });

  test('stops quietly once the reader has gone away', async () => {
    let writes = 0;
    const gone = {
      write(_text: string, done: (err?: Error) => void) {
        writes++;
        done(Object.assign(new Error('EPIPE'), { code: 'EPIPE' }));
        return false;
      },
      on: () => gone,
      off: () => gone,
    };
    await writeGeneratedNdjson({ count: 20_000, seed: 1, invalidRatio: 0 }, gone as unknown as OutputStream);
    expect(writes).toBe(1);
  });
});
