// The fetch-service conformance suite: every rule of seed fetch-service.md as checks citing the clause
// catalogue (specs/fetch-service.clauses.json), against any deployment, the reference or the mock. The
// origin farm provides the pages, redirects, bad certificates, slow and oversized bodies the probes ask
// for; probe tokens in its request log and a canary listener prove what was not fetched.
//
// This file only assembles: each clause's checks are in the *Checks.ts file its id names (the rule is
// suites/clauseFiles.test.ts's). Checks are independent network probes, so all of them, for every target,
// run at once: the suite takes about as long as its slowest check (the ones that wait out the target's
// fetch timeout).
import { vi } from 'vitest';
import { checksFor, describeTarget, type Check } from '../../src/harness/suite-api/check.ts';
import { currentTargets } from '../../src/harness/suite-api/currentTargets.ts';
import { fuzzSettingsOf } from '../../src/harness/suite-api/FuzzSession.ts';
import { defineAuthChecks } from './authChecks.ts';
import { defineCredentialChecks } from './credentialChecks.ts';
import { defineDestinationChecks } from './destinationChecks.ts';
import { defineFuzzChecks } from './fuzzChecks.ts';
import { defineHttpChecks } from './httpChecks.ts';
import { defineKeyEchoChecks } from './keyEchoChecks.ts';
import { defineLimitChecks } from './limitChecks.ts';
import { defineProxiesChecks } from './proxiesChecks.ts';
import { defineRedirectChecks } from './redirectChecks.ts';
import { defineReplyChecks } from './replyChecks.ts';
import { defineRequestLimitChecks } from './requestLimitChecks.ts';
import { defineResultChecks } from './resultChecks.ts';
import { defineSchemeChecks } from './schemeChecks.ts';
import { defineSpecChecks } from './specChecks.ts';
import { suiteTarget } from './SuiteTarget.ts';
import { defineTlsChecks } from './tlsChecks.ts';
import { defineValidationChecks } from './validationChecks.ts';
import { defineVersionChecks } from './versionChecks.ts';

// vitest runs 5 concurrent tests by default; these mostly wait on sockets, so let them all go.
vi.setConfig({ maxConcurrency: 256 });

const checkFetchService = checksFor('fetch-service');

const { limits, oneTargetAtATime } = currentTargets();
for (const target of currentTargets()['fetch-service']) {
  const s = await suiteTarget(target, limits);
  // Waiting out 429s behind checks that hold the target's slots for a whole fetch timeout takes a few.
  const check: Check = (clause, title, fn, options) => checkFetchService(clause, title, fn, { timeout: s.fetchTimeoutMs * 4 + 60_000, ...options, concurrent: true });
  describeTarget(
    target.label,
    () => {
      defineVersionChecks(check, s);
      defineAuthChecks(check, s);
      defineProxiesChecks(check, s);
      defineHttpChecks(check, s);
      defineValidationChecks(check, s);
      defineResultChecks(check, s);
      defineRedirectChecks(check, s);
      defineTlsChecks(check, s);
      defineDestinationChecks(check, s);
      defineLimitChecks(check, s);
      defineReplyChecks(check, s);
      // The catalogue's security group (reported under its own heading), beside destinationChecks.ts's SSRF checks.
      defineCredentialChecks(check, s);
      defineKeyEchoChecks(check, s);
      defineSchemeChecks(check, s);
      defineRequestLimitChecks(check, s);
      defineFuzzChecks(checkFetchService, s, fuzzSettingsOf(currentTargets()));
      // Last and on its own: it judges the replies every check above got.
      defineSpecChecks(checkFetchService, s);
    },
    // Side by side, a target's checks run beside the others'; one at a time, each target's run as if alone.
    { concurrent: !oneTargetAtATime },
  );
}
