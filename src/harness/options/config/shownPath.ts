import { isAbsolute, relative } from 'node:path';

/** How messages name a file: its path from the working directory when it is at or below it, else as given. */
export function shownPath(file: string, cwd: string): string {
  const rel = relative(cwd, file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}
