import { open, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { errnoWords, FolderError, makeFolder } from './makeFolder.ts';

/** Probe files of this process made so far: each probe's name is its own, even when probes run at once. */
let probeCount = 0;

/**
 * Why a file (or, with `folder`, files in a folder) cannot be written at `path`, found before anything
 * is: its folder cannot be made (makeFolder: made here when it can), the path is a folder, or no file
 * can be made in the folder. What is written is a new file renamed into place (write-file-atomic), so
 * what it needs is a folder it can make files in: that is what a probe file there tries. The probe
 * never takes the file's own name, so a process stopped meanwhile leaves no empty file behind, and no
 * file that was there is changed. One line without the path (the caller names it), or undefined when
 * it can be written.
 */
export async function whyUnwritable(path: string, { folder = false }: { folder?: boolean } = {}): Promise<string | undefined> {
  const file = resolve(path);
  const dir = folder ? file : dirname(file);
  try {
    await makeFolder(dir);
    if (!folder && (await stat(file).then((s) => s.isDirectory(), () => false))) return 'it is a folder';
    const probe = join(dir, `.conform-probe-${process.pid}-${probeCount++}`);
    await (await open(probe, 'wx')).close();
    await rm(probe, { force: true });
    return undefined;
  } catch (err) {
    if (err instanceof FolderError) return err.message;
    return err instanceof Error ? errnoWords(err) : String(err);
  }
}
