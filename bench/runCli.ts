// Runs the conform command line in this process and, as it exits, writes its own resource use (peak RSS,
// CPU time) as JSON to the file named by $CONFORM_BENCH_USAGE: what a benchmark cannot read from
// outside a child process. The same main() as bin/conform.js.
import { writeFileSync } from 'node:fs';
import { main } from '../src/cli/main.ts';

const usageFile = process.env.CONFORM_BENCH_USAGE;
process.on('exit', () => {
  if (!usageFile) return;
  const { maxRSS, userCPUTime, systemCPUTime } = process.resourceUsage();
  writeFileSync(usageFile, JSON.stringify({ maxRssBytes: maxRSS * 1024, cpuSeconds: (userCPUTime + systemCPUTime) / 1e6 }));
});
process.exitCode = await main(process.argv.slice(2));
