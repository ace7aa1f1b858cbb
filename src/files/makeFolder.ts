import { mkdir, stat, statfs } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/**
 * Linux's kernel file systems (statfs f_type, from linux/magic.h): what they hold is the kernel's, not
 * files a program writes. Node's recursive mkdir never ends on procfs (mkdir answers ENOENT under a
 * folder that exists, and it makes the parent and tries again, forever), and so do make-dir and
 * mkdirp, which use it or retry the same way: hence a folder is made here, a level at a time.
 */
const kernelFileSystems = new Map<number, string>([
  [0x9fa0, 'procfs'],
  [0x62656572, 'sysfs'],
  [0x27e0eb, 'cgroupfs'],
  [0x63677270, 'cgroup2fs'],
  [0x64626720, 'debugfs'],
  [0x74726163, 'tracefs'],
  [0x73636673, 'securityfs'],
  [0x62656570, 'configfs'],
  [0xcafe4a11, 'bpffs'],
  [0x6165676c, 'pstore'],
  [0xde5e81e4, 'efivarfs'],
  [0x1cd1, 'devpts'],
]);

/** Folders one call makes at most: far more than any report or fixture path needs, and a bound on the walk. */
export const maxNewFolders = 64;

/** Why a folder cannot be made, in one line (`message`), with the errno-like `code` behind it. */
export class FolderError extends Error {
  readonly code: string;

  constructor(message: string, code: string) {
    super(message);
    this.name = 'FolderError';
    this.code = code;
  }
}

/**
 * Makes the folder `path` and the missing ones above it, a level at a time, each mkdir made once: it
 * ends at once whatever the path. A FolderError saying why, nothing made, when a file is in the way,
 * the first folder that exists is on a kernel file system (procfs, sysfs, ...: also when `path` itself
 * exists there), or more than maxNewFolders would be made; a FolderError with the errno when a mkdir
 * fails (then the levels made before it stay).
 */
export async function makeFolder(path: string): Promise<void> {
  const target = resolve(path);
  const missing: string[] = [];
  let existing = target;
  for (;;) {
    const found = await stat(existing).then(
      (s) => s,
      (err: NodeJS.ErrnoException) => {
        // ENOTDIR: a file above it; the walk up finds that file and says so.
        if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return undefined;
        throw new FolderError(`cannot look at ${existing}: ${errnoWords(err)}`, err.code ?? 'EIO');
      },
    );
    if (found) {
      if (!found.isDirectory()) throw new FolderError(`${existing} is a file, not a folder`, 'ENOTDIR');
      break;
    }
    if (missing.length >= maxNewFolders) throw new FolderError(`${target} would take more than ${maxNewFolders} new folders`, 'ENAMETOOLONG');
    missing.unshift(existing);
    const parent = dirname(existing);
    // The root always exists; a parent that is itself means there is nothing above to make.
    if (parent === existing) throw new FolderError(`${existing} does not exist`, 'ENOENT');
    existing = parent;
  }
  const kernel = await kernelFileSystem(existing);
  if (kernel) throw new FolderError(`${existing} is on ${kernel}, a kernel file system: no folder or file can be made there`, 'EKERNELFS');
  for (const folder of missing) {
    try {
      await mkdir(folder);
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      // Made meanwhile by someone else: fine when it is a folder.
      if (e.code === 'EEXIST' && (await stat(folder).then((s) => s.isDirectory(), () => false))) continue;
      throw new FolderError(`cannot make the folder ${folder}: ${errnoWords(e)}`, e.code ?? 'EIO');
    }
  }
}

/** The kernel file system `folder` is on (Linux only), or undefined. */
async function kernelFileSystem(folder: string): Promise<string | undefined> {
  if (process.platform !== 'linux') return undefined;
  const type = await statfs(folder).then(
    (s) => s.type,
    () => undefined,
  );
  return type === undefined ? undefined : kernelFileSystems.get(type);
}

/** "EACCES: permission denied" from "EACCES: permission denied, mkdir '/x'": the path is the caller's to say. */
export function errnoWords(err: Error): string {
  return err.message.split(', ')[0]!;
}
