import { isShard, type Shard } from '../harness/shardFiles.ts';
import { UsageError } from './UsageError.ts';

/** commander argument parsers: each turns a flag's text into a value or a one-line usage error. */

export function parseHttpUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`"${value}" is not a URL (expected http://host:port or https://...)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`"${value}" is not an http(s) URL`);
  }
  if (url.username || url.password) throw new UsageError('URLs with credentials are refused: pass secrets through the environment');
  return url.href.replace(/\/$/, '');
}

export function parseInteger(value: string): number {
  const n = Number(value);
  if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(n)) throw new UsageError(`"${value}" is not an integer`);
  return n;
}

export function parsePositiveInteger(value: string): number {
  const n = parseInteger(value);
  if (n < 1) throw new UsageError(`"${value}" must be at least 1`);
  return n;
}

export function parseNonNegativeInteger(value: string): number {
  const n = parseInteger(value);
  if (n < 0) throw new UsageError(`"${value}" must be 0 or more`);
  return n;
}

export function parseNonNegativeNumber(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0) throw new UsageError(`"${value}" is not a number of 0 or more`);
  return n;
}

export function parsePositiveNumber(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0) throw new UsageError(`"${value}" is not a positive number`);
  return n;
}

export function parsePort(value: string): number {
  const n = parseInteger(value);
  if (n < 0 || n > 65535) throw new UsageError(`port ${value} is out of range (0-65535; 0 picks a free port)`);
  return n;
}

/** `--shard I/N` with 1 ≤ I ≤ N: part I of N (of a run's suite files, of a generated set). */
export function parseShard(value: string): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || !isShard({ index, count })) {
    throw new UsageError(`--shard takes I/N with 1 ≤ I ≤ N (e.g. 2/3); got "${value}"`);
  }
  return { index, count };
}
