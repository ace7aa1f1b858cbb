import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { codeRoot, conformanceTestConfig } from './conformanceConfig.ts';

// `conform run` has Node import the suites (no vite module runner, no vitest loader): vi.mock and
// import.meta.vitest would do nothing there, silently. This holds every module a suite can load to
// using neither.
test('the suites and the code they load use nothing that needs vite\'s module runner', () => {
  expect(conformanceTestConfig.experimental).toEqual({ viteModuleRunner: false, nodeLoader: false });
  const files = globSync('{suites,src,mocks}/**/*.ts', { cwd: codeRoot }).filter((f) => !f.endsWith('.test.ts'));
  expect(files.length).toBeGreaterThan(100);
  const needing = files.filter((f) => /\bvi\.(mock|doMock|unmock|hoisted|importActual|importMock|resetModules)\(|import\.meta\.(vitest|env|glob)\b/.test(readFileSync(join(codeRoot, f), 'utf8')));
  expect(needing).toEqual([]);
});
