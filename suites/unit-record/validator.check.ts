// The validator conformance suite: every record of a generated and hand-written corpus goes to the
// validator under test, and each clause's check reports the records on which it disagrees with the
// expected verdict (as Bowtie does for JSON Schema implementations).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import pMap from 'p-map';
import { afterAll, beforeAll } from 'vitest';
import { checksFor, describeTarget } from '../../src/harness/check.ts';
import { loadCatalogue } from '../../src/harness/catalogue.ts';
import { runValidatorCommand, type ValidatorVerdict } from '../../src/harness/runValidatorCommand.ts';
import { currentTargets } from '../../src/harness/currentTargets.ts';
import type { CaseOutcome } from '../../src/harness/finding.ts';
import type { UnitRecordTarget } from '../../src/harness/targets.ts';
import { validateRecord } from '../../src/records/validateRecord.ts';
import { buildCorpus, type CorpusCase } from './corpus.ts';

const check = checksFor('unit-record');
const { seed, 'unit-record': targets } = currentTargets();
const corpus = buildCorpus(seed);
const rules = new Map(loadCatalogue('unit-record').clauses.map((c) => [c.id, c.rule]));

const byClause = new Map<string, CorpusCase[]>();
for (const c of corpus) byClause.set(c.clause, [...(byClause.get(c.clause) ?? []), c]);

interface Outcome {
  case: CorpusCase;
  file: string;
  verdict: ValidatorVerdict;
}

/** The project's own validator, in-process: no process per record. */
function referenceVerdict(text: string): ValidatorVerdict {
  let valid: boolean;
  try {
    valid = validateRecord(JSON.parse(text)).length === 0;
  } catch {
    valid = false;
  }
  return { verdict: valid ? 'valid' : 'invalid', exitCode: valid ? 0 : 1, signal: null, timedOut: false, output: '' };
}

for (const target of targets) {
  describeTarget(target.label, () => {
    const outcomes = new Map<string, Outcome>();
    let dir = '';

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'conform-unit-record-'));
      const files = corpus.map((c) => {
        const file = join(dir, `${c.name}.json`);
        writeFileSync(file, c.text);
        return file;
      });
      if (target.validator) await preflight(target.validator, files, corpus);
      await pMap(
        corpus,
        async (c, i) => {
          const file = files[i]!;
          const verdict = target.validator ? await runValidatorCommand(target.validator, file) : referenceVerdict(c.text);
          outcomes.set(c.name, { case: c, file, verdict });
        },
        { concurrency: Math.max(2, availableParallelism() * 2) },
      );
    }, 600_000);

    afterAll(() => {
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    for (const [clause, cases] of byClause) {
      const invalid = cases.filter((c) => !c.valid).length;
      const title = `agrees on ${cases.length} records (${invalid} breaking the rule, ${cases.length - invalid} valid at its edge)`;
      check(clause, title, (ctx) => {
        ctx.conclude({
          of: 'records',
          failed: 'got the wrong verdict from the validator',
          rule: `${clause}: ${rules.get(clause) ?? ''}`,
          cases: cases.map((c) => caseOutcome(target, outcomes.get(c.name)!)),
        });
      });
    }
  });
}

/**
 * A validator that cannot run (not found, crashes on a valid record) makes every check meaningless:
 * fail the run as "could not run" with the validator's own words instead of a wall of failures.
 */
async function preflight(command: string, files: string[], cases: CorpusCase[]): Promise<void> {
  const index = cases.findIndex((c) => c.valid);
  const result = await runValidatorCommand(command, files[Math.max(0, index)]!);
  if (result.verdict === 'broke') {
    const how = result.timedOut ? 'timed out' : result.signal ? `was killed by ${result.signal}` : `exited ${result.exitCode}`;
    throw new Error(`validator "${command}" could not run: it ${how} on a valid record${result.output ? `: ${result.output.split('\n')[0]}` : ''}`);
  }
}

function verdictText(v: ValidatorVerdict): string {
  if (v.verdict !== 'broke') return `${v.verdict} (exit ${v.exitCode})`;
  if (v.timedOut) return 'broke: timed out';
  return v.signal ? `broke: killed by ${v.signal}` : `broke: exit ${v.exitCode} (only 0 and 1 are verdicts)`;
}

function describeDisagreement(o: Outcome): string {
  const record = o.case.text.length > 1500 ? `${o.case.text.slice(0, 1500)}…` : o.case.text;
  const lines = [`expected: ${o.case.valid ? 'valid' : 'invalid'}`, `validator: ${verdictText(o.verdict)}`];
  if (o.verdict.output) lines.push(`validator output: ${o.verdict.output.slice(0, 600)}`);
  lines.push('record:', record);
  return lines.join('\n');
}

/** One record's verdict against the expected one, grouped by the kind of disagreement. */
function caseOutcome(target: UnitRecordTarget, o: Outcome): CaseOutcome {
  const expected = o.case.valid ? 'valid' : 'invalid';
  if (o.verdict.verdict === expected) return { label: o.case.name };
  const cause =
    o.verdict.verdict === 'broke'
      ? 'the validator broke (an exit code other than 0 or 1, a signal, a timeout)'
      : o.case.valid
        ? 'rejected records that are valid (at the edge of the rule)'
        : 'accepted records that break the rule';
  return {
    label: o.case.name,
    problem: `${verdictText(o.verdict)}; ${o.case.note}`,
    cause,
    ...(o.verdict.verdict === 'broke' ? { diagnosis: 'A validator answers with its exit code only: 0 valid, 1 invalid. Anything else (a crash, a signal, 30 s without an answer) is no verdict: its output, in the evidence, says why.' } : {}),
    evidence: describeDisagreement(o),
    reproduction: reproduction(target, o),
  };
}

function reproduction(target: UnitRecordTarget, o: Outcome): string {
  const file = `/tmp/${o.case.name}.json`;
  const expected = o.case.valid ? '0 (valid)' : '1 (invalid)';
  const run = target.validator ? `${target.validator} ${file}` : `npx conform records validate ${file}`;
  return `cat > ${file} <<'RECORD'\n${o.case.text}\nRECORD\n${run}; echo "exit $? (expected ${expected})"`;
}
