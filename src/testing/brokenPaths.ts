import type { PathMatrix } from '../catalogue/pathMatrix.ts';
import type { CheckResult } from '../verdict/RunReport.ts';

/**
 * The paths of the clause × path matrix where a broken variant's fault shows, for each clause it breaks:
 * a list of path ids, or 'every' for a fault on every path of the clause at once (a token endpoint that
 * answers nothing right). Only a listed path counts as proven by the variant: a fault everywhere fails
 * the clause however few of its paths a check looks at.
 */
export type BrokenPaths = Record<string, readonly string[] | 'every'>;

/** What the path-to-variant test reads of a variant: its name, the clauses it breaks and where. */
export interface DeclaredBreak {
  name: string;
  breaks: readonly string[];
  paths: BrokenPaths;
}

/**
 * What is wrong with the variants' declarations, one line each: a clause broken with no paths said, paths
 * said for a clause not broken, a path the matrix does not have.
 */
export function declarationProblems(matrix: PathMatrix, variants: readonly DeclaredBreak[]): string[] {
  const problems: string[] = [];
  for (const v of variants) {
    for (const clause of v.breaks) {
      const paths = v.paths[clause];
      if (paths === undefined || paths.length === 0) problems.push(`${v.name} breaks ${clause} and declares none of its paths`);
    }
    for (const [clause, paths] of Object.entries(v.paths)) {
      if (!v.breaks.includes(clause)) problems.push(`${v.name} declares paths of ${clause}, which it does not break`);
      const known = matrix.clauses[clause] ?? {};
      for (const path of paths === 'every' ? [] : paths) if (!Object.hasOwn(known, path)) problems.push(`${v.name}: ${clause} has no path ${path} in specs/${matrix.suite}.paths.json`);
    }
  }
  return problems;
}

/** Each path of the matrix (of the clauses given) that no variant lists as broken, as `CLAUSE path`. */
export function pathsWithoutVariant(matrix: PathMatrix, clauses: readonly string[], variants: readonly DeclaredBreak[]): string[] {
  const broken = new Set(variants.flatMap((v) => Object.entries(v.paths).flatMap(([clause, paths]) => (paths === 'every' ? [] : paths.map((p) => `${clause} ${p}`)))));
  return clauses.flatMap((clause) => Object.keys(matrix.clauses[clause] ?? {}).map((p) => `${clause} ${p}`)).filter((p) => !broken.has(p));
}

/**
 * How a variant's run disagrees with the paths it declares, one line each: a listed path that no failed
 * check of its clause judged, or a failed check judging a single path the variant does not declare (a
 * check of one path says exactly where the fault showed; one of many says only that it was among them).
 */
export function pathMismatches(checks: readonly Pick<CheckResult, 'clause' | 'status' | 'paths'>[], variant: DeclaredBreak): string[] {
  const failed = checks.filter((c) => c.status === 'failed');
  const problems: string[] = [];
  for (const [clause, paths] of Object.entries(variant.paths)) {
    const judged = new Set(failed.filter((c) => c.clause === clause).flatMap((c) => c.paths ?? []));
    for (const path of paths === 'every' ? [] : paths) if (!judged.has(path)) problems.push(`${variant.name}: no failed check of ${clause} judged ${path}`);
  }
  for (const c of failed) {
    const declared = variant.paths[c.clause];
    const [only, ...more] = c.paths ?? [];
    if (only !== undefined && more.length === 0 && declared !== 'every' && !declared?.includes(only)) problems.push(`${variant.name}: a check of ${c.clause} failed on ${only}, which the variant does not declare`);
  }
  return problems;
}
