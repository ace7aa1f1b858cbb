// The set validator conformance suite (`--validator-set`): the tree clauses hold across the records of
// one page, so a set validator gets a JSON file holding an array of records and answers for the whole
// set (exit 0 a tree, 1 not). Generated trees, each broken to break one tree clause alone (every record
// still valid by itself), and valid trees at each clause's edge.
import { checksFor, describeTarget } from '../../src/harness/check.ts';
import { currentTargets } from '../../src/harness/currentTargets.ts';
import { checkTree } from '../../src/records/checkTree.ts';
import { validateRecord } from '../../src/records/validateRecord.ts';
import { buildTreeCorpus } from './treeCorpus.ts';
import { defineVerdictChecks } from './verdictChecks.ts';

const check = checksFor('unit-record');
const { seed, 'unit-record': targets } = currentTargets();
const corpus = buildTreeCorpus(seed);

for (const target of targets.filter((t) => t.judgesSets)) {
  describeTarget(target.label, () => {
    defineVerdictChecks(check, {
      noun: 'sets',
      judge: 'set validator',
      cases: corpus,
      command: target.validatorSet,
      reference: (set) => Array.isArray(set) && set.every((r) => validateRecord(r).length === 0) && checkTree(set).length === 0,
      referenceCommand: 'npx conform records validate --tree',
    });
  });
}
