import { rename, rm, writeFile } from 'node:fs/promises';
import type { Recorder } from './Recorder.ts';

/**
 * Writes a recorder's document to `path` whole or not at all: to `path.tmp` first, renamed into place,
 * so a mock never reads half a recording, and a recording that was there stays until the new one is.
 */
export async function writeRecording(path: string, recorder: Recorder): Promise<void> {
  const text = `${JSON.stringify(recorder.document(), null, 2)}\n`;
  const temporary = `${path}.tmp`;
  try {
    await writeFile(temporary, text);
    await rename(temporary, path);
  } catch (err) {
    await rm(temporary, { force: true });
    throw err;
  }
}
