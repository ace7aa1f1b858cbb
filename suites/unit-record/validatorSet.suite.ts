// The set validator conformance suite (`--validator-set`): the tree clauses hold across the records of
// one page, so a set validator gets a JSON file holding an array of records and answers for the whole
// set (exit 0 a tree, 1 not). Generated trees, each broken to break one tree clause alone (every record
// still valid by itself), and valid trees at each clause's edge.
import { currentTargets } from '../../src/harness/suite-api/currentTargets.ts';
import { checkTree } from '../../src/records/checkTree.ts';
import { validateRecord } from '../../src/records/validateRecord.ts';
import { buildTreeCorpus } from './treeCorpus.ts';
import { defineVerdictChecks } from './verdictChecks.ts';

defineVerdictChecks(
  {
    noun: 'sets',
    judge: 'set validator',
    judges: (target) => target.judgesSets,
    commandOf: (target) => target.validatorSet,
    reference: (set) => Array.isArray(set) && set.every((r) => validateRecord(r).length === 0) && checkTree(set).length === 0,
    referenceCommand: 'npx conform records validate --tree',
  },
  buildTreeCorpus(currentTargets().seed),
);
