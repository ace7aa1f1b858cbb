// `npm run bench -- contention`: `conform run` against the embedded targets while other processes keep
// the CPU busy (`node -e 'for(;;){}'`), 0, 2 and 4 of them (`node bench/contention.bench.ts 0,2,4,8` for others).
// A correct target must pass under any load: a check that judges time by a fixed budget fails here first.
// Prints each run's checks passed and failed (the failed clauses named), its duration, the contention
// factor the embedded targets' timeout is scaled by and the load average it ran under; exits 1 when any
// run failed a check.
import { loadavg } from 'node:os';
import { contentionFactor, sampleContention } from '../src/harness/targets/contention.ts';
import { runConform } from '../src/testing/runConform.ts';
import { startBusy, stopBusy } from './busyProcesses.ts';
import { printTable, type BenchRow } from './printTable.ts';

const counts = (process.argv[2] ?? '0,2,4').split(',').map(Number);
if (counts.some((n) => !Number.isInteger(n) || n < 0)) {
  console.error(`contention bench: give counts of busy processes as "0,2,4", got "${process.argv[2]}"`);
  process.exit(2);
}

const rows: BenchRow[] = [];
let failures = 0;
for (const n of counts) {
  const busy = await startBusy(n);
  const load: number[] = [];
  const sampler = setInterval(() => load.push(loadavg()[0]!), 5_000);
  try {
    // What the embedded targets' timeout is scaled by, as the run will measure it (src/harness/targets/contention.ts).
    const factor = contentionFactor(sampleContention());
    const start = performance.now();
    const r = await runConform(['run']);
    const seconds = (performance.now() - start) / 1000;
    const checks = r.report?.checks ?? [];
    const failed = checks.filter((c) => c.status === 'failed');
    const passed = checks.filter((c) => c.status === 'passed').length;
    failures += failed.length + (r.report ? 0 : 1);
    const clauses = [...new Set(failed.map((c) => c.clause))].sort();
    rows.push({
      name: `${n} busy`,
      value: seconds,
      unit: 's',
      extra: {
        exit: String(r.exitCode),
        passed: String(passed),
        failed: String(failed.length),
        'contention factor': factor.toFixed(1),
        'peak load avg': load.length ? Math.max(...load).toFixed(1) : loadavg()[0]!.toFixed(1),
        'failed clauses': r.report ? clauses.join(' ') || '-' : `no report: ${(r.stderr.trim().split('\n').at(-1) ?? '').slice(0, 80)}`,
      },
    });
  } finally {
    clearInterval(sampler);
    await stopBusy(busy);
  }
}
printTable(`conform run (every suite, embedded targets) beside busy processes on ${navigator.hardwareConcurrency} cores: duration`, rows, `${counts[0]} busy`);
process.exitCode = failures ? 1 : 0;
