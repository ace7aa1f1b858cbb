/** One record file of a generated set, as DIR/manifest.json lists it. */
export interface ManifestEntry {
  file: string;
  valid: boolean;
  rule?: string;
}

/**
 * What `records generate --shard I/N --out DIR` writes in place of manifest.json: its part of the
 * entries, and what the set is (so a merge can tell the parts of one set from those of another).
 */
export interface ManifestPart {
  count: number;
  seed: number;
  invalidRatio: number;
  shard: { index: number; count: number };
  entries: ManifestEntry[];
}

/** manifest-I-of-N.json: distinct per shard, so every shard's files can be gathered into one folder. */
export function manifestPartName(shard: { index: number; count: number }): string {
  return `manifest-${shard.index}-of-${shard.count}.json`;
}

export const manifestPartPattern = /^manifest-(\d+)-of-(\d+)\.json$/;

/** The manifest file's text: the same bytes whether the set was generated whole or in parts. */
export function manifestText(entries: readonly ManifestEntry[]): string {
  return `${JSON.stringify(entries, null, 2)}\n`;
}

/**
 * The whole set's manifest entries from its parts, or a one-line reason the parts are not every part
 * of one set (a part missing, parts of different sets, a part not read right).
 */
export function mergeManifestParts(parts: ReadonlyArray<{ name: string; part: ManifestPart }>): ManifestEntry[] | string {
  if (!parts.length) return 'no manifest-I-of-N.json: nothing to merge (expected what records generate --shard I/N --out DIR writes)';
  const sorted = [...parts].sort((a, b) => a.part.shard.index - b.part.shard.index);
  const first = sorted[0]!.part;
  const describe = (p: ManifestPart) => `--count ${p.count} --seed ${p.seed} --invalid-ratio ${p.invalidRatio}, shard ${p.shard.index}/${p.shard.count}`;
  for (const { name, part } of sorted) {
    if (!Array.isArray(part.entries) || !part.shard) return `${name} is not a manifest part`;
    if (part.count !== first.count || part.seed !== first.seed || part.invalidRatio !== first.invalidRatio || part.shard.count !== first.shard.count) {
      return `the parts are of different sets: ${describe(first)} and ${describe(part)}`;
    }
  }
  const missing = Array.from({ length: first.shard.count }, (_, i) => i + 1).filter((i) => !sorted.some((p) => p.part.shard.index === i));
  if (missing.length) return `part${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${first.shard.count}`).join(', ')} missing: a merge needs every shard of the set`;
  const entries = sorted.flatMap((p) => p.part.entries);
  if (entries.length !== first.count) return `the parts list ${entries.length} records, the set has ${first.count}`;
  return entries;
}
