// The record validator against a bare compiled ajv validator on the same records, and the fast-check
// record generator against json-schema-faker, measured side by side in one run.
// `node bench/records.bench.ts`. Goals: the validator within 1.5x of bare ajv on valid records (ratio
// at least 0.67); the fast-check generator at 20,000 valid records/s or more. Figures are per
// wall-clock second, with per-CPU-second beside them for machines that other work shares.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { fakeRecords } from '../src/records/fakeRecords.ts';
import { generateRecords } from '../src/records/generateRecords.ts';
import { recordSchema } from '../src/records/recordSchema.ts';
import { validateRecord } from '../src/records/validateRecord.ts';
import { printTable, type BenchRow } from './printTable.ts';

const RECORDS = 5_000;
const VALIDATION_PASSES = 20;
const ROUNDS = 5;
const GENERATED = 20_000;
const FAKED = 2_000;

interface Rate {
  /** Things per wall-clock second. */
  wall: number;
  /** Things per second of this process's CPU time: steadier than wall time on a shared machine. */
  cpu: number;
}

/** Rates of `run` (which handles `items` things), best of several rounds: noise only ever slows a round. */
function bestRate(items: number, rounds: number, run: (round: number) => void): Rate {
  const best = { wall: 0, cpu: 0 };
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    run(round);
    const cpu = process.cpuUsage(cpuStart);
    best.wall = Math.max(best.wall, items / ((performance.now() - start) / 1000));
    best.cpu = Math.max(best.cpu, items / ((cpu.user + cpu.system) / 1e6));
  }
  return best;
}

function row(name: string, rate: Rate, unit: string): BenchRow {
  return { name, value: rate.wall, unit, extra: { 'per CPU second': Math.round(rate.cpu).toLocaleString('en-US') } };
}

// ---- validation ---------------------------------------------------------------------------------

// Bare: ajv's defaults (strict off, so the clause annotations pass), nothing around the compiled function.
const bare = new Ajv2020({ strict: false }).compile(recordSchema);
const valid = generateRecords({ count: RECORDS, seed: 1 }).map((g) => g.record);
const invalid = generateRecords({ count: RECORDS, seed: 1, invalidRatio: 1 }).map((g) => g.record);

let sink = 0;
const validators = {
  'bare ajv': (r: unknown) => (bare(r) ? 0 : 1),
  validateRecord: (r: unknown) => validateRecord(r).length,
};
for (const records of [valid, invalid]) for (const check of Object.values(validators)) for (const r of records) sink += check(r); // warm-up

function validationRows(records: unknown[]): BenchRow[] {
  const rates: Record<string, Rate> = {};
  // Interleaved rounds, so that a slow moment of the machine hits both sides alike.
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, check] of Object.entries(validators)) {
      const rate = bestRate(records.length * VALIDATION_PASSES, 1, () => {
        for (let pass = 0; pass < VALIDATION_PASSES; pass++) for (const r of records) sink += check(r);
      });
      const best = rates[name];
      rates[name] = { wall: Math.max(best?.wall ?? 0, rate.wall), cpu: Math.max(best?.cpu ?? 0, rate.cpu) };
    }
  }
  return Object.entries(rates).map(([name, rate]) => row(name, rate, 'records/s'));
}

const validRows = validationRows(valid);
printTable(`validation of ${RECORDS.toLocaleString('en-US')} valid records (goal: validateRecord within 1.5x of bare ajv, ratio >= 0.67)`, validRows, 'bare ajv');
printTable(
  `validation of ${RECORDS.toLocaleString('en-US')} invalid records (validateRecord also explains each error; no goal)`,
  validationRows(invalid),
  'bare ajv',
);

// ---- generation ---------------------------------------------------------------------------------

generateRecords({ count: 2_000, seed: 99 }); // warm-up, and fills the pools of inner objects
fakeRecords({ count: 200, seed: 99 });
const generationRows: BenchRow[] = [
  row('fast-check generateRecords', bestRate(GENERATED, 3, (round) => generateRecords({ count: GENERATED, seed: round })), 'valid records/s'),
  row('fast-check, 30% invalid', bestRate(GENERATED, 3, (round) => generateRecords({ count: GENERATED, seed: round, invalidRatio: 0.3 })), 'records/s'),
  row('json-schema-faker', bestRate(FAKED, 3, (round) => fakeRecords({ count: FAKED, seed: round })), 'valid records/s'),
];
printTable('generation (goal: fast-check >= 20,000 valid records/s)', generationRows, 'json-schema-faker');

const ratio = validRows[1]!.value / validRows[0]!.value;
const rate = generationRows[0]!.value;
const verdict = (met: boolean) => (met ? 'goal met' : 'goal missed');
console.log(`\nvalidator/bare ajv: ${ratio.toFixed(2)} (${verdict(ratio >= 1 / 1.5)})`);
console.log(`generation: ${Math.round(rate).toLocaleString('en-US')} valid records/s (${verdict(rate >= 20_000)}), ${generationRows[0]!.extra!['per CPU second']!} per CPU second`);
if (sink === -1) console.log(''); // keeps the validation loops from being optimised away
