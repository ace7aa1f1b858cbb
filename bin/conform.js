#!/usr/bin/env node
// The sources are TypeScript run by Node's own type stripping, so there is no build step.
// Node 22.12-22.17 has it only behind a flag: re-run this script once with the flag there.
if (!process.features.typescript && !process.execArgv.includes('--experimental-strip-types')) {
  const { spawnSync } = await import('node:child_process');
  const child = spawnSync(
    process.execPath,
    ['--experimental-strip-types', '--no-warnings=ExperimentalWarning', ...process.argv.slice(1)],
    { stdio: 'inherit' },
  );
  process.exit(child.status ?? 2);
}
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
