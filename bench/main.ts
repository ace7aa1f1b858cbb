// `npm run bench`: every benchmark in this folder, one after another (each prints its own table).
// `npm run bench -- records` runs only those whose file name contains "records"; the arguments after
// the name go to each bench run. `tests` (the project's whole test suite, timed) runs only when named.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const filter = process.argv[2];
const onlyWhenNamed = new Set(['tests.bench.ts']);
const dir = fileURLToPath(new URL('.', import.meta.url));
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (filter ? f.includes(filter) : !onlyWhenNamed.has(f)))
  .sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n=== bench/${file}`);
  const r = spawnSync(process.execPath, [dir + file, ...process.argv.slice(3)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exitCode = failed ? 1 : 0;
