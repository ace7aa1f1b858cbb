/** The formats `conform report diff` writes a diff in, besides its text on the console. */
export const diffFormats = ['markdown', 'json'] as const;
export type DiffFormat = (typeof diffFormats)[number];

/** A file to write a diff to (`--markdown PATH`, `--report FORMAT=PATH`). */
export interface DiffFile {
  format: DiffFormat;
  /** Missing folders are created. */
  path: string;
  /** How messages name where it came from, before the path: `--markdown ` (default `--report FORMAT=`). */
  flag?: string;
}
