import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SuiteName } from './suites.ts';

/**
 * The clause × path matrix of a suite (`specs/<suite>.paths.json`): for each clause, every path — route
 * and condition — that produces what the clause judges (each endpoint returning the object, each content
 * type, first request and repeated use, each address a client could confuse), by id, with what it is.
 * Checks declare the paths they judge (`check(clause, title, fn, { paths })`); a run's report carries
 * them, and `uncoveredPaths` says which paths of the matrix no check judged.
 */
export interface PathMatrix {
  suite: SuiteName;
  /** Clause id → path id → what the path is, in words. */
  clauses: Record<string, Record<string, string>>;
}

const cache = new Map<SuiteName, PathMatrix | null>();

export function pathMatrixFile(suite: SuiteName): string {
  return fileURLToPath(new URL(`../../specs/${suite}.paths.json`, import.meta.url));
}

/** The suite's matrix; undefined for a suite that has none yet. */
export function loadPathMatrix(suite: SuiteName): PathMatrix | undefined {
  let matrix = cache.get(suite);
  if (matrix === undefined) {
    const file = pathMatrixFile(suite);
    matrix = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PathMatrix) : null;
    cache.set(suite, matrix);
  }
  return matrix ?? undefined;
}

/** Why a check may not declare these paths of its clause (a path the matrix does not list), or undefined. */
export function undeclaredPaths(suite: SuiteName, clause: string, paths: readonly string[]): string | undefined {
  const known = loadPathMatrix(suite)?.clauses[clause] ?? {};
  const unknown = paths.filter((p) => !Object.hasOwn(known, p));
  return unknown.length ? `path${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} of ${clause} ${unknown.length > 1 ? 'are' : 'is'} not in specs/${suite}.paths.json` : undefined;
}
