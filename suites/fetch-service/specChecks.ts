import type { Check } from '../../src/harness/suite-api/check.ts';
import { judgeLoggedExchanges } from '../../src/harness/suite-api/ExchangeLog.ts';
import type { SuiteTarget } from './SuiteTarget.ts';

/**
 * FS-SPEC-RESPONSE, defined after every other check of the target and run after them (not concurrent):
 * it judges the replies they got against the spec.
 */
export function defineSpecChecks(check: Check, s: SuiteTarget): void {
  check('FS-SPEC-RESPONSE', "every reply the suite's checks got is one the spec documents (status, content type, body, headers)", (ctx) => judgeLoggedExchanges(ctx, s.log), { concurrent: false, paths: ['every-reply'] });
}
