// What the record validator checks and the set validator checks share: each case of a corpus (a record,
// or a page's set of records) goes to the command under test as a file, and each clause's check reports
// the cases on which its verdict disagrees with the expected one (as Bowtie does for JSON Schema).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pMap from 'p-map';
import { afterAll, beforeAll } from 'vitest';
import { loadCatalogue } from '../../src/catalogue/catalogue.ts';
import { checksFor, describeTarget, type Check } from '../../src/harness/suite-api/check.ts';
import { currentTargets } from '../../src/harness/suite-api/currentTargets.ts';
import type { CaseOutcome } from '../../src/verdict/finding.ts';
import { howItBroke, runValidatorCommand, type ValidatorVerdict } from '../../src/exchange/runValidatorCommand.ts';
import type { UnitRecordTarget } from '../../src/harness/suite-api/targets.ts';

/** One file for the command under test, and the verdict a conforming one gives. */
export interface VerdictCase {
  /** Unique, and safe as a file name. */
  name: string;
  clause: string;
  valid: boolean;
  text: string;
  /** One line on what the case is. */
  note: string;
}

/** What the cases are, who judges them, and how the project's own reference does. */
export interface VerdictKind {
  /** "records" or "sets": what the cases are, in titles and findings. */
  noun: string;
  /** "validator" or "set validator": who gives the verdicts, in findings and errors. */
  judge: string;
  /** The target's command for this kind; absent: `reference` judges in-process (no process per case). */
  commandOf: (target: UnitRecordTarget) => string | undefined;
  judges: (target: UnitRecordTarget) => boolean;
  reference: (value: unknown) => boolean;
  /** The project's own command that judges the file as the reference does, for reproductions. */
  referenceCommand: string;
}

interface VerdictChecks extends VerdictKind {
  cases: readonly VerdictCase[];
  command: string | undefined;
}

interface Outcome {
  case: VerdictCase;
  verdict: ValidatorVerdict;
}

const rules = new Map(loadCatalogue('unit-record').clauses.map((c) => [c.id, c.rule]));

/** For every target that judges this kind: the cases run before its checks, then one check per clause. */
export function defineVerdictChecks(kind: VerdictKind, cases: readonly VerdictCase[]): void {
  const check = checksFor('unit-record');
  for (const target of currentTargets()['unit-record'].filter(kind.judges)) {
    describeTarget(target.label, () => defineTargetChecks(check, { ...kind, cases, command: kind.commandOf(target) }));
  }
}

function defineTargetChecks(check: Check, o: VerdictChecks): void {
  const outcomes = new Map<string, Outcome>();
  let dir = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'conform-unit-record-'));
    const files = o.cases.map((c) => {
      const file = join(dir, `${c.name}.json`);
      writeFileSync(file, c.text);
      return file;
    });
    if (o.command) await preflight(o, files);
    await pMap(
      o.cases,
      async (c, i) => outcomes.set(c.name, { case: c, verdict: o.command ? await runValidatorCommand(o.command, files[i]!) : referenceVerdict(o, c.text) }),
      { concurrency: Math.max(2, availableParallelism() * 2) },
    );
  }, 600_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const byClause = new Map<string, VerdictCase[]>();
  for (const c of o.cases) byClause.set(c.clause, [...(byClause.get(c.clause) ?? []), c]);
  for (const [clause, cases] of byClause) {
    const invalid = cases.filter((c) => !c.valid).length;
    check(clause, `agrees on ${cases.length} ${o.noun} (${invalid} breaking the rule, ${cases.length - invalid} valid at its edge)`, (ctx) => {
      ctx.conclude({
        of: o.noun,
        failed: `got the wrong verdict from the ${o.judge}`,
        rule: `${clause}: ${rules.get(clause) ?? ''}`,
        cases: cases.map((c) => caseOutcome(o, outcomes.get(c.name)!)),
      });
    });
  }
}

function referenceVerdict(o: VerdictChecks, text: string): ValidatorVerdict {
  let valid: boolean;
  try {
    valid = o.reference(JSON.parse(text));
  } catch {
    valid = false;
  }
  return { verdict: valid ? 'valid' : 'invalid', exitCode: valid ? 0 : 1, signal: null, timedOut: false, output: '' };
}

/**
 * A command that cannot run (not found, crashes on a valid case) makes every check meaningless: fail
 * the run as "could not run" with the command's own words instead of a wall of failures.
 */
async function preflight(o: VerdictChecks, files: string[]): Promise<void> {
  const index = o.cases.findIndex((c) => c.valid);
  const result = await runValidatorCommand(o.command!, files[Math.max(0, index)]!);
  if (result.verdict === 'broke') {
    throw new Error(`${o.judge} "${o.command}" could not run: it ${howItBroke(result)} on a valid ${o.noun === 'sets' ? 'set' : 'record'}${result.output ? `: ${result.output.split('\n')[0]}` : ''}`);
  }
}

function verdictText(v: ValidatorVerdict): string {
  if (v.verdict !== 'broke') return `${v.verdict} (exit ${v.exitCode})`;
  if (v.timedOut) return 'broke: timed out';
  return v.signal ? `broke: killed by ${v.signal}` : `broke: exit ${v.exitCode} (only 0 and 1 are verdicts)`;
}

/** One case's verdict against the expected one, grouped by the kind of disagreement. */
function caseOutcome(o: VerdictChecks, outcome: Outcome): CaseOutcome {
  const { case: c, verdict } = outcome;
  if (verdict.verdict === (c.valid ? 'valid' : 'invalid')) return { label: c.name };
  const cause =
    verdict.verdict === 'broke'
      ? `the ${o.judge} broke (an exit code other than 0 or 1, a signal, a timeout)`
      : c.valid
        ? `rejected ${o.noun} that are valid (at the edge of the rule)`
        : `accepted ${o.noun} that break the rule`;
  const shown = c.text.length > 1500 ? `${c.text.slice(0, 1500)}…` : c.text;
  const evidence = [`expected: ${c.valid ? 'valid' : 'invalid'}`, `${o.judge}: ${verdictText(verdict)}`, ...(verdict.output ? [`${o.judge} output: ${verdict.output.slice(0, 600)}`] : []), `${o.noun === 'sets' ? 'set' : 'record'}:`, shown];
  const file = `/tmp/${c.name}.json`;
  const run = `${o.command ?? o.referenceCommand} ${file}`;
  return {
    label: c.name,
    problem: `${verdictText(verdict)}; ${c.note}`,
    cause,
    ...(verdict.verdict === 'broke' ? { diagnosis: `A ${o.judge} answers with its exit code only: 0 valid, 1 invalid. Anything else (a crash, a signal, 30 s without an answer) is no verdict: its output, in the evidence, says why.` } : {}),
    evidence: evidence.join('\n'),
    reproduction: `cat > ${file} <<'JSON'\n${c.text.replace(/\n$/, '')}\nJSON\n${run}; echo "exit $? (expected ${c.valid ? '0 (valid)' : '1 (invalid)'})"`,
  };
}
