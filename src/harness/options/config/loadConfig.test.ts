import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { RunError } from '../../../verdict/RunError.ts';
import { findConfigFile, loadConfig } from './loadConfig.ts';

const root = mkdtempSync(join(tmpdir(), 'conform-config-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
/** A fresh folder holding `files`. */
function folder(files: Record<string, string>): string {
  const dir = join(root, `case-${n++}`);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

async function refusal(source: string, cwd: string): Promise<string> {
  const error = await loadConfig(source, cwd).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(RunError);
  return (error as Error).message;
}

describe('findConfigFile', () => {
  test('finds the nearest config in the folder or above it, .ts before .json', () => {
    const dir = folder({ 'conform.config.json': '{}', 'conform.config.ts': 'export default {};', 'sub/deeper/x.txt': '' });
    expect(findConfigFile(join(dir, 'sub', 'deeper'))).toBe(join(dir, 'conform.config.ts'));
    const nested = folder({ 'conform.config.json': '{}', 'sub/conform.config.mjs': 'export default {};' });
    expect(findConfigFile(join(nested, 'sub'))).toBe(join(nested, 'sub', 'conform.config.mjs'));
  });

  test('finds none where no folder up to the root has one', () => {
    // The temporary folder's parents hold no config (tmpdir, /).
    expect(findConfigFile(folder({ 'x.txt': '' }))).toBeUndefined();
  });
});

describe('loadConfig', () => {
  const content = { targets: { v: { suite: 'unit-record', validator: 'true' } }, seed: 3 };

  test('reads JSON, and imports .ts (type stripping), .mts, .js and .mjs modules for their default export', async () => {
    const dir = folder({
      'conform.config.json': JSON.stringify(content),
      'a/conform.config.ts': `import type { ConformConfig } from 'conform-harness';\nconst seed: number = 3;\nexport default { targets: { v: { suite: 'unit-record', validator: 'true' } }, seed } satisfies ConformConfig;\n`,
      'b/conform.config.mts': `export default ${JSON.stringify(content)};\n`,
      'c/conform.config.js': `export default ${JSON.stringify(content)};\n`,
      'd/conform.config.mjs': `export default Promise.resolve(${JSON.stringify(content)});\n`,
    });
    for (const file of ['conform.config.json', 'a/conform.config.ts', 'b/conform.config.mts', 'c/conform.config.js', 'd/conform.config.mjs']) {
      const loaded = await loadConfig(file, dir);
      expect(loaded.config, file).toEqual(content);
      expect(loaded.shown, file).toBe(file);
      expect(loaded.dir, file).toBe(join(dir, file, '..'));
    }
  });

  test('a config given as an object is checked the same way', async () => {
    expect((await loadConfig(content as never)).config).toEqual(content);
    const error = await loadConfig({ seeds: 1 } as never).then(
      () => undefined,
      (err: unknown) => err as Error,
    );
    expect(error?.message).toMatch(/^the config: unknown key seeds;/);
  });

  test('each fault is one line naming the file (and the key path)', async () => {
    const dir = folder({
      'unknown.json': JSON.stringify({ targets: { staging: { suite: 'fetch-service', baseUrl: 'https://x', bogus: 1 } } }),
      'wrong-type.json': JSON.stringify({ fuzzRuns: 'many' }),
      'broken.json': '{ "seed": 3, }',
      'throws.config.ts': "const base: string = process.env.NOPE!;\nif (!base.startsWith('https')) throw new Error('set $NOPE first');\nexport default {};\n",
      'bad-syntax.config.ts': 'export default { seed: };\n',
      'no-default.config.mjs': 'export const config = {};\n',
    });
    const lines: Array<[string, string]> = [
      ['unknown.json', 'unknown.json: unknown key targets.staging.bogus; a fetch-service target takes suite, baseUrl, apiKeyEnv, originUrl, fetchTimeout, rateLimit, headersTimeout, bodyTimeout, maxBodyMib'],
      ['wrong-type.json', 'wrong-type.json: fuzzRuns must be a number; got "many"'],
      ['throws.config.ts', 'throws.config.ts:2:11: could not be loaded: '],
      ['bad-syntax.config.ts', 'bad-syntax.config.ts:1:24: syntax error: '],
      ['no-default.config.mjs', 'no-default.config.mjs has no default export: end it with `export default defineConfig({ ... })`'],
      ['broken.json', 'broken.json:1:14: not JSON: a "quoted" property name expected'],
      ['missing.json', 'missing.json: no such config file'],
    ];
    for (const [file, line] of lines) {
      const message = await refusal(file, dir);
      expect(message.split('\n'), file).toHaveLength(1);
      expect(message, file).toContain(line);
    }
    expect(await refusal('throws.config.ts', dir)).toContain('Cannot read properties of undefined');
  });

  // Node's own errors name no place for a module's syntax error, nor a column; V8's JSON errors often none.
  test('a syntax error names its line and column, as a compiler would, in .ts, .mts, .js, .mjs and .json', async () => {
    const lines = ['export default {', '  seed: 3,', "  targets: { v: { suite: 'unit-record' validator: 'true' } },", '};', ''].join('\n');
    const dir = folder({
      'a.config.ts': lines,
      'b.config.mts': `const seed: number = ;\n${lines}`,
      'c.config.js': lines,
      'd.config.mjs': lines,
      'e.config.json': '{\n  "seed": 3,\n  "fuzzRuns": ,\n}\n',
      'f.config.json': '{\n  // a comment\n  "seed": 3\n}\n',
      'g.config.json': '{ "seed": 3 } }',
    });
    expect(await refusal('a.config.ts', dir)).toBe('a.config.ts:3:40: syntax error: Expected `,` or `}` but found `Identifier`');
    expect(await refusal('b.config.mts', dir)).toBe('b.config.mts:1:22: syntax error: Unexpected token');
    expect(await refusal('c.config.js', dir)).toBe('c.config.js:3:40: syntax error: Expected `,` or `}` but found `Identifier`');
    expect(await refusal('d.config.mjs', dir)).toBe('d.config.mjs:3:40: syntax error: Expected `,` or `}` but found `Identifier`');
    expect(await refusal('e.config.json', dir)).toBe('e.config.json:3:15: not JSON: a value expected');
    expect(await refusal('f.config.json', dir)).toBe('f.config.json:2:3: not JSON: a comment, which JSON has not');
    expect(await refusal('g.config.json', dir)).toBe('g.config.json:1:15: not JSON: nothing expected after the value');
  });

  test('an error the config throws names the line and column it was thrown at', async () => {
    const dir = folder({ 'conform.config.mjs': "const n = 1;\nif (n) throw new Error('set $STAGING first');\nexport default {};\n" });
    expect(await refusal('conform.config.mjs', dir)).toBe('conform.config.mjs:2:14: could not be loaded: set $STAGING first');
  });
});
