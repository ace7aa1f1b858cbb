// The meeting-platform conformance suite: every rule of seed meeting-platform.md as checks citing the
// clause catalogue (specs/meeting-platform.clauses.json), against any deployment, the reference or the
// mock. Each clause's checks live in the *Checks.ts file its id leads to (MP-TOKEN-FLOW: tokenChecks.ts,
// MP-JOIN-URL-HTTPS: joinUrlChecks.ts; clauseFiles.test.ts holds the rule); this file assembles them.
import { checksFor, describeTarget, type Check } from '../../src/harness/suite-api/check.ts';
import { currentTargets } from '../../src/harness/suite-api/currentTargets.ts';
import type { MeetingPlatformTarget } from '../../src/harness/suite-api/targets.ts';
import { defineApiChecks } from './apiChecks.ts';
import { inFamily, type CheckFamily } from './checkFamily.ts';
import { defineIdEncodingChecks } from './idEncodingChecks.ts';
import { defineJoinUrlChecks } from './joinUrlChecks.ts';
import { defineJsonOnlyChecks } from './jsonOnlyChecks.ts';
import { defineMeChecks } from './meChecks.ts';
import { defineMeetingChecks } from './meetingChecks.ts';
import { defineMeetingsListChecks } from './meetingsListChecks.ts';
import { definePaginationChecks } from './paginationChecks.ts';
import { defineSpecResponseChecks, startExchangeLogs } from './specResponseChecks.ts';
import { defineTokenChecks } from './tokenChecks.ts';
import { defineWrongAddressChecks } from './wrongAddressChecks.ts';

const checkMeetingPlatform = checksFor('meeting-platform');

type Define = (check: Check, target: MeetingPlatformTarget) => void;

// The generated checks (MP-FUZZ-*) are a suite file of their own, generated.suite.ts: their requests go in a
// worker of their own beside these, and a run of this suite still splits into two shards (--shard I/2).

/**
 * The families of checks, each judged apart by MP-SPEC-RESPONSE on the answers its checks got (its log),
 * each a lane: the families go side by side, the checks of one in the order they are defined.
 */
const lanes: Array<[CheckFamily, Define[]]> = [
  ['token', [defineTokenChecks, defineWrongAddressChecks]],
  ['users-me', [defineMeChecks]],
  ['api-errors', [defineApiChecks, defineJsonOnlyChecks]],
  ['meetings', [defineMeetingsListChecks, definePaginationChecks, defineJoinUrlChecks, defineMeetingChecks, defineIdEncodingChecks]],
];

for (const target of currentTargets()['meeting-platform']) {
  describeTarget(target.label, () => {
    startExchangeLogs(target);
    for (const [group, defines] of lanes) {
      const logged = inFamily(group, checkMeetingPlatform);
      // One after another within the lane (its checks share probes and walks, the first to ask sends them).
      const check: Check = (clause, title, fn, options) => logged(clause, title, fn, { concurrent: false, ...options });
      // (A describe block of the target's own: vitest collects it after this one's body, where the checks learn their target.)
      describeTarget(target.label, () => {
        for (const define of defines) define(check, target);
      }, { concurrent: true });
    }
    // Last, after every lane: each judges the answers its family's checks got.
    defineSpecResponseChecks(checkMeetingPlatform, target);
  });
}
