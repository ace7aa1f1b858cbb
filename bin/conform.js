#!/usr/bin/env node
// The sources are TypeScript run by Node's own type stripping, so there is no build step.
// Node 22.12-22.17 has it only behind a flag: re-run this script once with the flag there.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write(
    `conform: needs Node.js 22.12 or newer, this is ${process.version}.\n` +
      "In the project, run it as 'npx conform' (npm ci installs Node 24 there).\n",
  );
  process.exit(2);
}
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
