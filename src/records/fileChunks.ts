import { open } from 'node:fs/promises';

/** Files up to this size are read in one call: most record files are a few kilobytes. */
const wholeFileBytes = 1 << 20;

/** A file's bytes: whole when it is small, else streamed in chunks of wholeFileBytes. */
export async function* fileChunks(path: string): AsyncGenerator<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const info = await handle.stat();
    if (info.isFile() && info.size <= wholeFileBytes) {
      yield await handle.readFile();
      return;
    }
    yield* handle.createReadStream({ autoClose: false, highWaterMark: wholeFileBytes });
  } finally {
    await handle.close();
  }
}
