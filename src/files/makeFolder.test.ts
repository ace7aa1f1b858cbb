import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { FolderError, makeFolder, maxNewFolders } from './makeFolder.ts';

const work = mkdtempSync(join(tmpdir(), 'conform-make-folder-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The FolderError makeFolder(path) ends with (the test fails when it makes the folder instead). */
async function refusal(path: string): Promise<FolderError> {
  const err = await makeFolder(path).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, path).toBeInstanceOf(FolderError);
  return err as FolderError;
}

describe('makeFolder', () => {
  test('makes the folder and every missing one above it; one that exists is left as it is', async () => {
    const deep = join(work, 'a', 'b', 'c');
    await makeFolder(deep);
    expect(statSync(deep).isDirectory()).toBe(true);
    await makeFolder(deep);
    await makeFolder(work);
    expect(statSync(deep).isDirectory()).toBe(true);
  });

  test('a file in the way, above or at the path: said, nothing made', async () => {
    const file = join(work, 'plain');
    writeFileSync(file, 'x');
    expect(await refusal(join(file, 'x', 'y'))).toMatchObject({ code: 'ENOTDIR', message: `${file} is a file, not a folder` });
    expect(await refusal(file)).toMatchObject({ code: 'ENOTDIR', message: `${file} is a file, not a folder` });
  });

  // Node's own recursive mkdir never ends on these (procfs answers ENOENT under /proc, and it retries).
  test.skipIf(!existsSync('/proc/self'))('procfs: refused at once, for a new folder and for one that exists', async () => {
    expect(await refusal('/proc/conform-x/y')).toMatchObject({ code: 'EKERNELFS', message: '/proc is on procfs, a kernel file system: no folder or file can be made there' });
    expect(await refusal('/proc/self')).toMatchObject({ code: 'EKERNELFS', message: '/proc/self is on procfs, a kernel file system: no folder or file can be made there' });
  });

  test.skipIf(!existsSync('/sys/kernel'))('sysfs: refused at once', async () => {
    expect(await refusal('/sys/kernel/conform-x/y')).toMatchObject({ code: 'EKERNELFS', message: '/sys/kernel is on sysfs, a kernel file system: no folder or file can be made there' });
  });

  test(`more than ${maxNewFolders} new folders: refused before any is made`, async () => {
    const tooDeep = join(work, 'deep', ...Array.from({ length: maxNewFolders }, (_, i) => `d${i}`));
    expect(await refusal(tooDeep)).toMatchObject({ code: 'ENAMETOOLONG', message: `${tooDeep} would take more than ${maxNewFolders} new folders` });
    expect(existsSync(join(work, 'deep'))).toBe(false);
    const justEnough = join(work, 'deep', ...Array.from({ length: maxNewFolders - 1 }, (_, i) => `d${i}`));
    await makeFolder(justEnough);
    expect(statSync(justEnough).isDirectory()).toBe(true);
  });
});
