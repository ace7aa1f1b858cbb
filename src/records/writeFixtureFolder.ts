import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pMap from 'p-map';
import { errnoWords, FolderError, makeFolder } from '../files/makeFolder.ts';
import { fixtureText } from './fixtureText.ts';
import { iterateRecords, shardRange } from './generateRecords.ts';
import { manifestPartName, manifestText, type ManifestEntry, type ManifestPart } from './manifestParts.ts';
import { RecordFolderError } from './RecordFolderError.ts';
import type { GeneratedSetOptions } from './writeGeneratedNdjson.ts';

/** What writeFixtureFolder wrote. */
export interface FixtureFolderWritten {
  /** Record files written. */
  records: number;
  invalid: number;
  /** The positions in the whole set: from (0-based, inclusive) to (exclusive); 0 and count unsharded. */
  from: number;
  to: number;
  /** manifest.json, or a shard's manifest-I-of-N.json. */
  manifest: string;
}

/**
 * A generated set as fixture files: DIR/record-0001.json per record (named by its place in the whole
 * set, so the shards' files together are the unsharded set's) and DIR/manifest.json listing
 * `[{file, valid, rule?}]`; a shard writes its part, DIR/manifest-I-of-N.json, instead (mergeManifestFolder
 * joins the parts). Files already in DIR with other names are left as they are. A RecordFolderError when
 * DIR cannot be made (makeFolder: at once, whatever the path) or written.
 */
export async function writeFixtureFolder({ count, seed, invalidRatio, shard }: GeneratedSetOptions, dir: string): Promise<FixtureFolderWritten> {
  const width = Math.max(4, String(count).length);
  const manifest: ManifestEntry[] = [];
  const { from, to } = shard ? shardRange(count, shard) : { from: 0, to: count };
  const manifestName = shard ? manifestPartName(shard) : 'manifest.json';
  try {
    await makeFolder(dir);
    // A few dozen writes in flight at once: fast, without a file handle per record. The records are
    // made as the writes take them, so a large set is never held whole.
    await pMap(
      iterateRecords({ count, seed, invalidRatio, from, to }),
      ({ record, valid, rule }, i) => {
        const file = `record-${String(from + i + 1).padStart(width, '0')}.json`;
        manifest[i] = rule === undefined ? { file, valid } : { file, valid, rule };
        return writeFile(join(dir, file), fixtureText(record));
      },
      { concurrency: 64 },
    );
    const part: ManifestPart | undefined = shard && { count, seed, invalidRatio, shard, entries: manifest };
    await writeFile(join(dir, manifestName), part ? `${JSON.stringify(part, null, 2)}\n` : manifestText(manifest));
  } catch (err) {
    // The folder's own reason (a file in the way, a kernel file system), else the write's errno.
    throw new RecordFolderError(`${dir} cannot be written: ${err instanceof FolderError ? err.message : errnoWords(err as Error)}`);
  }
  return { records: manifest.length, invalid: manifest.filter((m) => !m.valid).length, from, to, manifest: manifestName };
}
