import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { manifestPartPattern, manifestText, mergeManifestParts, type ManifestPart } from './manifestParts.ts';
import { RecordFolderError } from './RecordFolderError.ts';

/** What mergeManifestFolder did. */
export interface ManifestFolderMerged {
  /** Manifest parts joined (and removed). */
  parts: number;
  /** Records the manifest lists. */
  records: number;
  /** The manifest.json written. */
  manifest: string;
}

/**
 * The manifest parts of a set generated in shards (writeFixtureFolder with a shard, every shard's files
 * gathered in `dir`) joined in shard order into DIR/manifest.json, the same bytes as an unsharded run
 * writes, and then removed. A RecordFolderError, nothing changed, when the folder cannot be read, a part
 * is not JSON, the parts are not every part of one set, or a listed record file is not there.
 */
export async function mergeManifestFolder(dir: string): Promise<ManifestFolderMerged> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    throw new RecordFolderError(`cannot read ${dir}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  const parts: Array<{ name: string; part: ManifestPart }> = [];
  for (const name of names.filter((n) => manifestPartPattern.test(n))) {
    try {
      parts.push({ name, part: JSON.parse(await readFile(join(dir, name), 'utf8')) as ManifestPart });
    } catch {
      throw new RecordFolderError(`${join(dir, name)} is not JSON`);
    }
  }
  const entries = mergeManifestParts(parts);
  if (typeof entries === 'string') throw new RecordFolderError(`${dir}: ${entries}`);
  const present = new Set(names);
  const absent = entries.filter((e) => !present.has(e.file));
  if (absent.length) throw new RecordFolderError(`${dir}: ${String(absent.length)} listed record file(s) are not there, ${absent[0]!.file} the first: copy every shard's files in`);
  const manifest = join(dir, 'manifest.json');
  await writeFile(manifest, manifestText(entries));
  await Promise.all(parts.map((p) => rm(join(dir, p.name))));
  return { parts: parts.length, records: entries.length, manifest };
}
