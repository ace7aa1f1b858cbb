import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { fileChunks } from './fileChunks.ts';

const work = mkdtempSync(join(tmpdir(), 'conform-file-chunks-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function chunksOf(path: string): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of fileChunks(path)) chunks.push(chunk);
  return chunks;
}

describe('fileChunks', () => {
  test('a small file comes whole, in one chunk', async () => {
    const path = join(work, 'small.json');
    writeFileSync(path, '{"id":"a"}');
    const chunks = await chunksOf(path);
    expect(chunks).toHaveLength(1);
    expect(Buffer.from(chunks[0]!).toString()).toBe('{"id":"a"}');
  });

  test('a file over a mebibyte comes in several chunks, every byte in order', async () => {
    const path = join(work, 'large.ndjson');
    const bytes = Buffer.alloc((1 << 20) * 2 + 5, 'x');
    bytes.write('end', bytes.length - 3);
    writeFileSync(path, bytes);
    const chunks = await chunksOf(path);
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });
});
