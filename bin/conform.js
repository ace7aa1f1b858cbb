#!/usr/bin/env node
// Plain JavaScript any Node can parse, so an old Node gets a one-line answer rather than a syntax error.
// In a clone Node runs the TypeScript sources directly (no build step); the installed package has no
// sources, only the JavaScript `npm run build` wrote to dist/.
const { existsSync } = await import('node:fs');
const sources = new URL('../src/cli/main.ts', import.meta.url);
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write(
    `conform: needs Node.js 22.12 or newer, this is ${process.version}.\n` +
      (existsSync(sources) ? "In the project, run it as 'npx conform' (npm ci installs Node 24 there).\n" : ''),
  );
  process.exit(2);
}
if (!existsSync(sources)) {
  const { main } = await import('../dist/src/cli/main.js');
  process.exitCode = await main(process.argv.slice(2));
} else if (!process.features.typescript && !process.execArgv.includes('--experimental-strip-types')) {
  // Node 22.12-22.17 strips types only behind a flag: re-run this script once with the flag there.
  const { spawnSync } = await import('node:child_process');
  const child = spawnSync(
    process.execPath,
    ['--experimental-strip-types', '--no-warnings=ExperimentalWarning', ...process.argv.slice(1)],
    { stdio: 'inherit' },
  );
  process.exit(child.status ?? 2);
} else {
  const { main } = await import(sources.href);
  process.exitCode = await main(process.argv.slice(2));
}
