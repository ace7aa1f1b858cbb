import type { Check } from '../../src/harness/suite-api/check.ts';
import { defineGeneratedChecks } from '../../src/harness/suite-api/defineGeneratedChecks.ts';
import { FuzzSession, type FuzzSettings } from '../../src/harness/suite-api/FuzzSession.ts';
import { generatedTimeoutMs } from '../../src/harness/suite-api/generatedTimeoutMs.ts';
import { fetchFuzzBinding } from './fetchFuzzBinding.ts';
import type { SuiteTarget } from './SuiteTarget.ts';

/**
 * The generated checks of one target: FS-FUZZ-NO-5XX, FS-FUZZ-POSITIVE and FS-FUZZ-NEGATIVE. They run
 * after the concurrent checks, one after another (the second and third mostly reread the first's
 * answers), so their traffic never competes with the probes that time a fetch.
 */
export function defineFetchGeneratedChecks(check: Check, s: SuiteTarget, settings: FuzzSettings): FuzzSession {
  const fuzz = new FuzzSession(fetchFuzzBinding(s), settings);
  // Their one path of the matrix: the requests generated from the OpenAPI.
  const generatedCheck: Check = (clause, title, fn, options = {}) => check(clause, title, fn, { ...options, paths: ['generated'] });
  defineGeneratedChecks(generatedCheck, fuzz, { timeoutMs: s.timeoutMs * 4 + generatedTimeoutMs(s.client.endpoint, s.target.limits, settings.runs) });
  return fuzz;
}
