import type { ConformOptions } from './ConformOptions.ts';
import type { ReportFile } from './reportFiles.ts';
import { whyUnwritable } from './reportFiles.ts';
import { whyUnreachable } from './whyUnreachable.ts';
import { whyValidatorCannotRun } from './whyValidatorCannotRun.ts';

/**
 * Everything that would make a run "could not run" and can be found before any check runs, found at
 * once, one line each: a target that does not answer, a validator command that cannot run, a report
 * file that cannot be written. (Missing credentials and contradictory options are found earlier, by
 * toConformOptions; a --grep or --shard that selects no check once the suites are collected, by
 * runSuites.) Empty when the run can start.
 */
export async function preflight(options: ConformOptions, reports: readonly ReportFile[]): Promise<string[]> {
  const found = await Promise.all([
    ...options.targets['fetch-service'].flatMap((t) => [
      whyUnreachable(t.optionNames?.baseUrl ?? '--base-url', t.baseUrl, t.limits.bounds),
      ...(t.originUrl ? [whyUnreachable(t.optionNames?.originUrl ?? '--origin-url', t.originUrl, t.limits.bounds)] : []),
    ]),
    ...options.targets['meeting-platform'].flatMap((t) => [
      whyUnreachable(t.optionNames?.authUrl ?? '--auth-url', t.authUrl, t.limits.bounds),
      whyUnreachable(t.optionNames?.apiBaseUrl ?? '--api-base-url', t.apiBaseUrl, t.limits.bounds),
    ]),
    ...options.targets['unit-record'].map(whyValidatorCannotRun),
    ...reports.map(whyUnwritable),
  ]);
  // The same URL given twice (one host for auth and API, one origin farm for several targets) is one problem.
  return [...new Set(found.filter((p): p is string => p !== undefined))];
}
