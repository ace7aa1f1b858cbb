import type { Check } from '../../src/harness/suite-api/check.ts';
import { defineCredentialChecks } from './credentialChecks.ts';
import { defineKeyEchoChecks } from './keyEchoChecks.ts';
import { defineRequestLimitChecks } from './requestLimitChecks.ts';
import { defineSchemeChecks } from './schemeChecks.ts';
import type { SuiteTarget } from './SuiteTarget.ts';

/**
 * The security checks (the catalogue's `security` group, reported under their own heading): what a
 * caller's secrets and a hostile origin must never get. The SSRF checks of the group are in
 * destinationChecks.ts.
 */
export function defineSecurityChecks(check: Check, s: SuiteTarget): void {
  defineCredentialChecks(check, s);
  defineKeyEchoChecks(check, s);
  defineSchemeChecks(check, s);
  defineRequestLimitChecks(check, s);
}
