// The meeting-platform suite's generated checks (fuzzChecks.ts), a suite file of their own: vitest gives
// them a worker of their own, beside meetingPlatform.suite.ts's hand-written checks, and a run split into
// shards has two files to split.
import { checksFor, describeTarget } from '../../src/harness/suite-api/check.ts';
import { currentTargets } from '../../src/harness/suite-api/currentTargets.ts';
import { fuzzSettingsOf } from '../../src/harness/suite-api/FuzzSession.ts';
import { defineFuzzChecks } from './fuzzChecks.ts';

const check = checksFor('meeting-platform');

for (const target of currentTargets()['meeting-platform']) {
  describeTarget(target.label, () => defineFuzzChecks(check, target, fuzzSettingsOf(currentTargets())));
}
