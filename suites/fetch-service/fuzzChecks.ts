import type { Check } from '../../src/harness/suite-api/check.ts';
import { defineGeneratedChecks } from '../../src/harness/suite-api/defineGeneratedChecks.ts';
import type { FuzzBinding } from '../../src/harness/suite-api/FuzzBinding.ts';
import { FuzzSession, type FuzzSettings } from '../../src/harness/suite-api/FuzzSession.ts';
import { generatedTimeoutMs } from '../../src/harness/suite-api/generatedTimeoutMs.ts';
import { fetchFuzzBinding } from './fetchFuzzBinding.ts';
import type { SuiteTarget } from './SuiteTarget.ts';

/** The generated clauses' ids, as the catalogue has them: the checks defineGeneratedChecks makes report them. */
export const fuzzClauses: FuzzBinding['clauses'] = { 'NO-5XX': 'FS-FUZZ-NO-5XX', POSITIVE: 'FS-FUZZ-POSITIVE', NEGATIVE: 'FS-FUZZ-NEGATIVE' };

/**
 * The generated checks of one target, one of each of `fuzzClauses` for the fetch operation. They run
 * after the concurrent checks, one after another (the second and third mostly reread the first's
 * answers), so their traffic never competes with the probes that time a fetch.
 */
export function defineFuzzChecks(check: Check, s: SuiteTarget, settings: FuzzSettings): FuzzSession {
  const fuzz = new FuzzSession(fetchFuzzBinding(s, fuzzClauses), settings);
  // Their one path of the matrix: the requests generated from the OpenAPI.
  const generatedCheck: Check = (clause, title, fn, options = {}) => check(clause, title, fn, { ...options, paths: ['generated'] });
  defineGeneratedChecks(generatedCheck, fuzz, { timeoutMs: s.fetchTimeoutMs * 4 + generatedTimeoutMs(s.client.endpoint, s.target.limits, settings.runs) });
  return fuzz;
}
