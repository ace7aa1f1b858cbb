#!/usr/bin/env node
// Plain JavaScript any Node can parse, so an old Node gets a one-line answer rather than a syntax error.
// In a clone Node runs the TypeScript sources directly (type stripping, on by default since 22.18); the
// installed package has no sources, only the JavaScript `npm run build` wrote to dist/.
// 22.19: the oldest Node the dependencies support (undici 8).
const { existsSync } = await import('node:fs');
const sources = new URL('../src/cli/main.ts', import.meta.url);
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 19)) {
  process.stderr.write(
    `conform: needs Node.js 22.19 or newer, this is ${process.version}.\n` +
      (existsSync(sources) ? "In the project, run it as 'npx conform' (npm ci installs Node 24 there).\n" : ''),
  );
  process.exit(2);
}
const args = process.argv.slice(2);
const { relaunched } = await import('./nodeFlags.js');
const code = await relaunched(process.argv[1], args);
if (code !== undefined) process.exit(code);
const { main } = await import(existsSync(sources) ? sources.href : '../dist/src/cli/main.js');
process.exitCode = await main(args);
