import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { ConformOptions } from '../options/ConformOptions.ts';
import type { Shard } from '../../verdict/Shard.ts';
import type { SuiteName } from '../../catalogue/suites.ts';

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
  /** The run's other options (targets, validators, budgets) as a hash: equal for shards of one run, and no secret in it. */
  options: string;
  /** The variables the run's secrets were read from (a config's apiKeyEnv, ...): the merge takes their values out too. */
  secretVariables?: string[];
  startedAt: string;
  durationMs: number;
  errors: string[];
}

/** A shard's two files: vitest's blob and conform's record of the run. */
export function shardFiles(dir: string, shard: Shard): { blob: string; record: string } {
  return { blob: join(dir, blobName(shard)), record: join(dir, `conform-${shard.index}-${shard.count}.json`) };
}

/** blob-I-N.json: vitest's own name for a shard's blob, which its merge-reports expects. */
export function blobName(shard: Shard): string {
  return `blob-${shard.index}-${shard.count}.json`;
}

export const shardFilePattern = /^(blob|conform)-(\d+)-(\d+)\.json$/;

/** A hash of the options the suites get, secrets left out: what shards of one run share. */
export function optionsFingerprint(options: ConformOptions): string {
  const { embeddedMeetingAccount: _account, targets, ...rest } = options;
  const shown = {
    ...rest,
    targets: {
      'fetch-service': targets['fetch-service'].map(({ apiKey: _key, ...t }) => t),
      'meeting-platform': targets['meeting-platform'].map(({ credentials, ...t }) => ({ ...t, accountId: credentials.accountId })),
      'unit-record': targets['unit-record'],
    },
  };
  return createHash('sha256').update(JSON.stringify(shown)).digest('hex').slice(0, 16);
}
