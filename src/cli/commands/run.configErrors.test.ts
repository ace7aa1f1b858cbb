// A config file that does not load, through the real command line (plain Node, not vitest's module
// runner): the place of the fault, FILE:LINE:COLUMN, in one line, exit 2.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runConform } from '../../testing/runConform.ts';

const work = mkdtempSync(join(tmpdir(), 'conform-config-errors-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.concurrent('conform run with a config that does not load', () => {
  test.each([
    ['conform.config.ts', "export default {\n  seed: 3\n  fuzzRuns: 0,\n};\n", 'conform.config.ts:3:3: syntax error: Expected `,` or `}` but found `Identifier`'],
    ['conform.config.mjs', "export default {\n  seed: 3\n  fuzzRuns: 0,\n};\n", 'conform.config.mjs:3:3: syntax error: Expected `,` or `}` but found `Identifier`'],
    ['conform.config.json', '{\n  "seed": 3\n  "fuzzRuns": 0\n}\n', 'conform.config.json:3:3: not JSON: "," expected'],
    ['conform.config.ts', "const key: string | undefined = process.env.NOT_SET_HERE;\nexport default { seed: key!.length };\n", "conform.config.ts:2:29: could not be loaded: Cannot read properties of undefined (reading 'length')"],
  ])('%s: %j', { timeout: 60_000 }, async (name, text, line) => {
    const dir = mkdtempSync(join(work, 'case-'));
    writeFileSync(join(dir, name), text);
    const r = await runConform(['run', '--config', name], {}, { cwd: dir });
    expect(r.stderr).toBe(`conform: ${line}\n`);
    expect(r.exitCode).toBe(2);
  });
});
