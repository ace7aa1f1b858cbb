import { globSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { expect, test } from 'vitest';
import { statefulModules, whyIsolated } from './testIsolation.ts';

test('every module named as keeping state is a module of the project (a rename would leave its importers sharing a worker)', () => {
  const names = new Set(globSync('{src,suites,mocks}/**/*.ts', { exclude: ['**/*.test.ts'] }).map((f) => basename(f, '.ts')));
  for (const name of statefulModules) expect(names.has(name), name).toBe(true);
});

test('a test file that sets the environment, imports a module with state or runs conform gets a process of its own; one that does none of these shares a worker', () => {
  const dir = mkdtempSync(join(tmpdir(), 'conform-isolation-'));
  const whyOf = (source: string) => {
    const file = join(dir, 'x.test.ts');
    writeFileSync(file, source);
    return whyIsolated(file);
  };
  try {
    expect(whyOf("process.env.CONFORM_X = '1';")).toBe('it sets the process environment');
    expect(whyOf("import { pace } from '../src/harness/exchange/rateLimit.ts';")).toMatch(/state it can set/);
    expect(whyOf("import { countExchangesWith } from '../exchange/exchangeOutcomes.ts';")).toMatch(/state it can set/);
    expect(whyOf("const r = await runConform(['run']);")).toMatch(/other processes/);
    expect(whyOf("import { expect, test } from 'vitest';\nimport { cutText } from './cutText.ts';\nif (process.env.X === '1') test('x', () => expect(1).toBe(1));")).toBeUndefined();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
