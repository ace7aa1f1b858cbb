import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
// @ts-expect-error: plain JavaScript beside the launcher, without type declarations.
import { nodeFlagsFor } from './nodeFlags.js';

const bin = fileURLToPath(new URL('./conform.js', import.meta.url));
const flagsOf = nodeFlagsFor as (args: string[]) => string[];

describe('the launcher runs each command under the V8 flags it needs', () => {
  test('records validate gets a capped young generation; other commands run as started', () => {
    expect(flagsOf(['records', 'validate', '-'])).toEqual(['--max-semi-space-size=8']);
    expect(flagsOf(['records', '--json', 'validate', 'a.ndjson'])).toEqual(['--max-semi-space-size=8']);
    expect(flagsOf(['records', 'generate', '--count', '3'])).toEqual([]);
    expect(flagsOf(['run', 'meeting-platform'])).toEqual([]);
  });

  test('the relaunched command reads stdin, writes stdout and keeps its exit code', () => {
    const bad = spawnSync(process.execPath, [bin, 'records', 'validate', '--json', '-'], { input: '{"id": 1}\n', encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(JSON.parse(bad.stdout)).toMatchObject({ summary: { invalid: 1 } });
    const usage = spawnSync(process.execPath, [bin, 'records', 'validate', '--workers', 'all', '-'], { input: '', encoding: 'utf8' });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/--workers takes a whole number/);
  });
});
