// The validator suite must catch broken validators: each variant below drops or bends one rule of the
// reference schema, and the suite has to fail it on exactly that rule's clause (and pass the reference).
// All variants go through the real CLI in one run, side by side (repeated --validator), each a command
// that sends the record to a validator this test serves on loopback (see fixtures/tcp-validator.sh).
import { createServer, type Server, type Socket } from 'node:net';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunReport } from '../../src/verdict/RunReport.ts';
import { runConform, type ConformResult } from '../../src/testing/runConform.ts';
import { checkTree } from '../../src/records/checkTree.ts';
import { treeClauseIds, type TreeClause } from '../../src/records/recordClauses.ts';

type Schema = { [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON Schema objects are edited freely here
type Verdict = (record: unknown) => 'valid' | 'invalid' | 'broke';

const schema = JSON.parse(readFileSync(new URL('../../specs/unit-record.schema.json', import.meta.url), 'utf8')) as Schema;
const client = fileURLToPath(new URL('./fixtures/tcp-validator.sh', import.meta.url));

function schemaValidator(mutate: (s: Schema) => void): Verdict {
  const copy = structuredClone(schema);
  mutate(copy);
  const validate = new Ajv2020({ strict: false }).compile(copy);
  return (record) => (validate(record) ? 'valid' : 'invalid');
}

const variants: Array<{ name: string; clause: string; verdict: Verdict }> = [
  { name: 'hash-without-pattern', clause: 'UR-HASH', verdict: schemaValidator((s) => delete s.properties.hash.pattern) },
  { name: 'hash-any-case', clause: 'UR-HASH', verdict: schemaValidator((s) => (s.properties.hash.pattern = '^[0-9a-fA-F]{64}$')) },
  { name: 'children-may-repeat', clause: 'UR-CHILDREN', verdict: schemaValidator((s) => delete s.properties.children.uniqueItems) },
  { name: 'no-provisional-rule', clause: 'UR-PROVISIONAL-GAPS', verdict: schemaValidator((s) => (delete s.if, delete s.then)) },
  { name: 'extra-properties-allowed', clause: 'UR-NO-EXTRA', verdict: schemaValidator((s) => (s.additionalProperties = true)) },
  { name: 'order-from-zero', clause: 'UR-ORDER', verdict: schemaValidator((s) => (s.properties.order.minimum = 0)) },
  { name: 'behavior-not-null', clause: 'UR-BEHAVIOR', verdict: schemaValidator((s) => (s.properties.behavior.not = { type: 'null' })) },
  {
    name: 'schema-version-prefix',
    clause: 'UR-SCHEMA-VERSION',
    verdict: schemaValidator((s) => (delete s.properties.schemaVersion.const, (s.properties.schemaVersion.pattern = '^0083\\.'))),
  },
];
const reference = schemaValidator(() => {});
const crashesOnProvisional: Verdict = (record) =>
  (record as { status?: unknown } | null)?.status === 'provisional' ? 'broke' : reference(record);
/** A set validator that checks every tree rule but one. */
function setValidatorWithout(clause: TreeClause | undefined): Verdict {
  return (set) => (Array.isArray(set) && checkTree(set).every((e) => e.clause === clause) ? 'valid' : 'invalid');
}
const setVariants = treeClauseIds.map((clause) => ({ name: `set-without-${clause.toLowerCase()}`, clause, verdict: setValidatorWithout(clause) }));

const validators = new Map<string, Verdict>([
  ...variants.map((v) => [v.name, v.verdict] as const),
  ['reference', reference],
  ['crashes-on-provisional', crashesOnProvisional],
]);
const setValidators = new Map<string, Verdict>([...setVariants.map((v) => [v.name, v.verdict] as const), ['set-reference', setValidatorWithout(undefined)]]);
const served = new Map([...validators, ...setValidators]);

let server: Server;
let port = 0;
const command = (name: string) => `${client} ${port} ${name}`;

/** Reads "NAME LENGTH\n" and LENGTH bytes, answers with the named validator's verdict. */
function answer(socket: Socket): void {
  let buffered = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    const eol = buffered.indexOf(10);
    if (eol < 0) return;
    const [name = '', length = '0'] = buffered.subarray(0, eol).toString('utf8').split(' ');
    const body = buffered.subarray(eol + 1);
    if (body.length < Number(length)) return;
    let outcome: ReturnType<Verdict> = 'broke';
    try {
      outcome = served.get(name)?.(JSON.parse(body.toString('utf8'))) ?? 'broke';
    } catch {
      outcome = 'invalid'; // not JSON: no record at all
    }
    socket.end(`${outcome}\n`);
  });
  socket.on('error', () => socket.destroy());
}

beforeAll(async () => {
  server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the unit-record suite against broken validators, side by side in one run', () => {
  let run: ConformResult;
  let report: RunReport;
  beforeAll(async () => {
    const args = ['run', 'unit-record'];
    for (const name of validators.keys()) args.push('--validator', command(name));
    for (const name of setValidators.keys()) args.push('--validator-set', command(name));
    run = await runConform(args);
    report = run.report!;
  }, 120_000);

  const failedClauses = (name: string, kind = 'validator') => [
    ...new Set(report.checks.filter((c) => c.target === `${kind}: ${command(name)}` && c.status === 'failed').map((c) => c.clause)),
  ];

  test('the run fails (exit 1) and reports every validator as a target', () => {
    expect(run.exitCode, run.stderr).toBe(1);
    expect(report.target['unit-record']).toHaveLength(validators.size + setValidators.size);
  });

  test.each(setVariants)('fails the set validator $name on $clause, and on no other clause', ({ name, clause }) => {
    expect(failedClauses(name, 'set validator')).toEqual([clause]);
    const check = report.checks.find((c) => c.target === `set validator: ${command(name)}` && c.clause === clause)!;
    expect(check.message).toMatch(/^[1-9]\d* of \d+ sets got the wrong verdict from the set validator$/);
    expect(check.finding!.groups.map((g) => g.cause)).toEqual(['accepted sets that break the rule']);
    expect(check.reproduction).toContain(command(name));
  });

  test('passes the reference set validator on every tree clause, and judges set validators on nothing else', () => {
    const checks = report.checks.filter((c) => c.target === `set validator: ${command('set-reference')}`);
    expect(checks.map((c) => [c.clause, c.status]).sort()).toEqual(treeClauseIds.map((clause) => [clause, 'passed']).sort());
  });

  test.each(variants)('fails $name on $clause, and on no other clause', ({ name, clause }) => {
    expect(failedClauses(name)).toEqual([clause]);
    const check = report.checks.find((c) => c.target === `validator: ${command(name)}` && c.clause === clause)!;
    // The failure explains itself: counts first, the rule, the disagreeing records, and a command to reproduce one.
    expect(check.message).toMatch(/^\d+ of \d+ records got the wrong verdict from the validator$/);
    expect(check.finding?.rule).toContain(clause);
    expect(check.finding?.groups.length).toBeGreaterThan(0);
    expect(check.evidence?.length).toBeGreaterThan(0);
    expect(check.reproduction).toContain(command(name));
  });

  test('passes the reference on every check', () => {
    expect(failedClauses('reference')).toEqual([]);
    const checks = report.checks.filter((c) => c.target === `validator: ${command('reference')}`);
    expect(checks.length).toBeGreaterThanOrEqual(20);
  });

  test('reports a validator that crashes as broken on the records it crashed on', () => {
    const failures = report.checks.filter((c) => c.target === `validator: ${command('crashes-on-provisional')}` && c.status === 'failed');
    expect(failures.map((c) => c.clause)).toContain('UR-PROVISIONAL-GAPS');
    expect(failures.every((c) => c.finding?.groups.some((g) => g.cause.startsWith('the validator broke') && g.diagnosis))).toBe(true);
  });
});

test('a validator that cannot start makes the run "could not run" (exit 2), not a list of failures', async () => {
  const r = await runConform(['run', 'unit-record', '--validator', 'no-such-validator-command']);
  expect(r.exitCode).toBe(2);
  // Found before any check runs: one line on stderr, nothing on stdout.
  expect(r.stderr).toMatch(/^conform: --validator "no-such-validator-command" cannot run: it exited 127 on a valid record: [^\n]*not found\n$/);
  expect(r.stdout).toBe('');
});

test('the reference validator and tree checks in-process pass and cover every clause, tree clauses included', async () => {
  const r = await runConform(['run', 'unit-record']);
  expect(r.exitCode, r.stdout).toBe(0);
  expect(r.report!.summary.failed).toBe(0);
  expect(r.report!.uncovered).toEqual([]);
  expect(r.report!.checks.filter((c) => c.clause.startsWith('UR-TREE-')).map((c) => c.status)).toEqual(['passed', 'passed', 'passed', 'passed']);
  expect(r.stdout).not.toContain('no check covers');
  expect(r.stdout).toMatch(/^\d+ passed, 0 failed, 0 skipped$/m);
});
