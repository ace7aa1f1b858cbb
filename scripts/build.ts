// `npm run build` (and `prepack`): the package's dist/. The repository itself never needs it: Node runs
// the TypeScript sources. dist/ mirrors the repository (dist/src, dist/mocks, dist/suites, dist/specs),
// so a module that finds a file relative to itself (a clause catalogue, the corpus) finds it there too.
import { spawnSync } from 'node:child_process';
import { cpSync, globSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const out = 'dist';
// What tsconfig.build.json compiles; the files there that are not TypeScript are data the code reads.
const codeDirs = ['src', 'mocks', 'suites'];

// CONFORM_BUILD_NO_CHECK=1 emits without type-checking (tsc --noCheck), for a build beside a type-check
// of the same sources: installedPackage.test.ts packs the package while `npm test` runs tsc. The same
// JavaScript, and declarations that differ in one type's order of members, in 10 CPU-s, not 17.
const noCheck = process.env.CONFORM_BUILD_NO_CHECK === '1' ? ['--noCheck'] : [];

rmSync(out, { recursive: true, force: true });
const tsc = spawnSync('tsc', ['-p', 'tsconfig.build.json', ...noCheck], { stdio: 'inherit' });
if (tsc.error) throw tsc.error;
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

cpSync('specs', join(out, 'specs'), { recursive: true });
for (const file of globSync(codeDirs.map((dir) => `${dir}/**/*`), { exclude: ['**/testing/**', '**/fixtures/**', '**/*.ts'] })) {
  if (statSync(file).isFile()) cpSync(file, join(out, file));
}
