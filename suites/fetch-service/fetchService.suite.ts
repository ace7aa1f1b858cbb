// The fetch-service conformance suite: every rule of seed fetch-service.md as checks citing the clause
// catalogue (specs/fetch-service.clauses.json), against any deployment, the reference or the mock. The
// origin farm provides the pages, redirects, bad certificates, slow and oversized bodies the probes ask
// for; probe tokens in its request log and a canary listener prove what was not fetched.
//
// Checks are independent network probes, so all of them, for every target, run at once: the suite
// takes about as long as its slowest check (the ones that wait out the target's fetch timeout).
import { vi } from 'vitest';
import { checksFor, describeTarget, type Check } from '../../src/harness/suite-api/check.ts';
import { currentTargets } from '../../src/harness/suite-api/currentTargets.ts';
import { fuzzSettingsOf } from '../../src/harness/suite-api/FuzzSession.ts';
import { defineFetchGeneratedChecks } from './defineFetchGeneratedChecks.ts';
import { defineSpecResponseCheck } from './defineSpecResponseCheck.ts';
import { defineDestinationChecks } from './destinationChecks.ts';
import { defineHttpHygieneChecks } from './httpHygieneChecks.ts';
import { defineLimitChecks } from './limitChecks.ts';
import { defineLimitPathChecks } from './limitPathChecks.ts';
import { defineRedirectChecks } from './redirectChecks.ts';
import { defineRedirectHopChecks } from './redirectHopChecks.ts';
import { defineRedirectPathChecks } from './redirectPathChecks.ts';
import { defineReplyChecks } from './replyChecks.ts';
import { defineResultChecks } from './resultChecks.ts';
import { defineServiceChecks } from './serviceChecks.ts';
import { defineSecurityChecks } from './securityChecks.ts';
import { suiteTarget } from './SuiteTarget.ts';
import { defineTlsChecks } from './tlsChecks.ts';
import { defineValidationChecks } from './validationChecks.ts';

// vitest runs 5 concurrent tests by default; these mostly wait on sockets, so let them all go.
vi.setConfig({ maxConcurrency: 256 });

const checkFetchService = checksFor('fetch-service');

/**
 * The paths of the matrix (specs/fetch-service.paths.json) that limitChecks.ts's checks judge, one check a
 * clause: on the first request (limitPathChecks.ts has the paths beside it).
 */
const firstRequestLimitPaths: Record<string, string[]> = {
  'FS-429': ['first-burst'],
  'FS-502-SIZE': ['content-length', 'chunked', 'gzip-bomb'],
  'FS-504': ['slow-headers', 'drip'],
  'FS-TIMEOUT-FIXED': ['longer-asked', 'shorter-asked'],
};

/** `check` with the paths of each clause in `paths` declared on its checks that declare none. */
function withPaths(check: Check, paths: Record<string, string[]>): Check {
  return (clause, title, fn, options = {}) => check(clause, title, fn, { ...(paths[clause] ? { paths: paths[clause] } : {}), ...options });
}

const { limits, oneTargetAtATime } = currentTargets();
for (const target of currentTargets()['fetch-service']) {
  const s = await suiteTarget(target, limits);
  // Waiting out 429s behind checks that hold the target's slots for a whole fetch timeout takes a few.
  const check: Check = (clause, title, fn, options) => checkFetchService(clause, title, fn, { timeout: s.timeoutMs * 4 + 60_000, ...options, concurrent: true });
  describeTarget(
    target.label,
    () => {
      defineServiceChecks(check, s);
      defineHttpHygieneChecks(check, s);
      defineValidationChecks(check, s);
      defineResultChecks(check, s);
      defineRedirectChecks(check, s);
      defineRedirectPathChecks(check, s);
      defineRedirectHopChecks(check, s);
      defineTlsChecks(check, s);
      defineDestinationChecks(check, s);
      defineLimitChecks(withPaths(check, firstRequestLimitPaths), s);
      defineLimitPathChecks(check, s);
      defineReplyChecks(check, s);
      defineSecurityChecks(check, s);
      defineFetchGeneratedChecks(checkFetchService, s, fuzzSettingsOf(currentTargets()));
      // Last and on its own: it judges the replies every check above got.
      defineSpecResponseCheck(checkFetchService, s);
    },
    // Side by side, a target's checks run beside the others'; one at a time, each target's run as if alone.
    { concurrent: !oneTargetAtATime },
  );
}
