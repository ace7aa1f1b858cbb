// The validator conformance suite: every record of a generated and hand-written corpus goes to the
// validator under test (`--validator`), and each record clause's check reports the records on which it
// disagrees with the expected verdict. Set validators are checked in validatorSet.suite.ts.
import { currentTargets } from '../../src/harness/suite-api/currentTargets.ts';
import { validateRecord } from '../../src/records/validateRecord.ts';
import { buildCorpus } from './corpus.ts';
import { defineVerdictChecks } from './verdictChecks.ts';

defineVerdictChecks(
  {
    noun: 'records',
    judge: 'validator',
    judges: (target) => target.judgesRecords,
    commandOf: (target) => target.validator,
    reference: (record) => validateRecord(record).length === 0,
    referenceCommand: 'npx conform records validate',
  },
  buildCorpus(currentTargets().seed),
);
