import { join } from 'node:path';
import type { SuiteName } from './suites.ts';

/** One of N parts of a run, as vitest shards it: by test file. */
export interface Shard {
  /** From 1. */
  index: number;
  count: number;
}

/**
 * What a shard writes into its blob folder besides vitest's own blob: how the run was asked for, so the
 * merge can refuse shards of different runs and build the one report (suites, seed, strictness) the
 * unsharded run would have.
 */
export interface ShardRecord {
  tool: 'conform';
  version: string;
  shard: Shard;
  suites: SuiteName[];
  seed: number;
  strict: boolean;
  grep?: string;
  startedAt: string;
  durationMs: number;
  errors: string[];
}

/** A shard's two files: vitest's blob (blob-I-N.json, vitest's own name) and conform's record of the run. */
export function shardFiles(dir: string, shard: Shard): { blob: string; record: string } {
  const suffix = `${shard.index}-${shard.count}.json`;
  return { blob: join(dir, `blob-${suffix}`), record: join(dir, `conform-${suffix}`) };
}

export const shardFilePattern = /^(blob|conform)-(\d+)-(\d+)\.json$/;

/** "I/N" with 1 ≤ I ≤ N, or a one-line reason it is not one. */
export function parseShard(text: string): Shard | string {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(index) || !Number.isSafeInteger(count) || count < 1 || index < 1 || index > count) {
    return `--shard takes I/N with 1 ≤ I ≤ N (e.g. 2/3); got "${text}"`;
  }
  return { index, count };
}
