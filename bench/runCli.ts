// Runs the conform command line in this process and, as it exits, writes its own resource use (peak RSS,
// CPU time) as JSON to the file named by $CONFORM_BENCH_USAGE: what a benchmark cannot read from
// outside a child process. The same main() as bin/conform.js.
// It runs under the V8 flags the launcher gives a command (bin/nodeFlags.js), relaunching itself as the
// launcher does; then the usage written is the relaunched process's own.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: plain JavaScript beside the launcher, without type declarations.
import { relaunched } from '../bin/nodeFlags.js';
import { main } from '../src/cli/main.ts';

const args = process.argv.slice(2);
const code = (await relaunched(fileURLToPath(import.meta.url), args)) as number | undefined;
if (code !== undefined) process.exit(code);
const usageFile = process.env.CONFORM_BENCH_USAGE;
process.on('exit', () => {
  if (!usageFile) return;
  const { maxRSS, userCPUTime, systemCPUTime } = process.resourceUsage();
  writeFileSync(usageFile, JSON.stringify({ maxRssBytes: maxRSS * 1024, cpuSeconds: (userCPUTime + systemCPUTime) / 1e6 }));
});
process.exitCode = await main(args);
