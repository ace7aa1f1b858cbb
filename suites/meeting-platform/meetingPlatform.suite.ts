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
 * The families of checks (checkFamily.ts), each a lane: the families go side by side, and within one its
 * checks go side by side too where they stand alone (they share the family's probes and walks, sent once
 * and awaited by each, up to the run's --concurrency). The token checks go one after another: a refusal
 * is proven by a request of the check's own served, and the probes they share are sent by the first to ask.
 * What depends on order keeps it inside the check or the walk that needs it (meetingsListChecks.ts).
 */
const lanes: Array<[CheckFamily, Define[], { sideBySide: boolean }]> = [
  ['token', [defineTokenChecks, defineWrongAddressChecks], { sideBySide: false }],
  ['users-me', [defineMeChecks], { sideBySide: true }],
  ['api-errors', [defineApiChecks, defineJsonOnlyChecks], { sideBySide: true }],
  ['meetings', [defineMeetingsListChecks, definePaginationChecks, defineJoinUrlChecks, defineMeetingChecks, defineIdEncodingChecks], { sideBySide: true }],
];

for (const target of currentTargets()['meeting-platform']) {
  describeTarget(target.label, () => {
    startExchangeLogs(target);
    for (const [family, defines, { sideBySide }] of lanes) {
      const logged = inFamily(family, checkMeetingPlatform);
      const check: Check = (clause, title, fn, options) => logged(clause, title, fn, { concurrent: sideBySide, ...options });
      // (A describe block of the target's own: vitest collects it after this one's body, where the checks learn their target.)
      describeTarget(target.label, () => {
        for (const define of defines) define(check, target);
      }, { concurrent: true });
    }
    // Last, after every lane: each judges the answers its family's checks got.
    defineSpecResponseChecks(checkMeetingPlatform, target);
  });
}
