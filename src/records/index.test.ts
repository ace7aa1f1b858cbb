import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('the records library', () => {
  it('works in a plain Node process, with no test runner, harness or CLI loaded', () => {
    const script = `
      const lib = await import(${JSON.stringify(new URL('./index.ts', import.meta.url).href)});
      const [g] = lib.generateRecords({ count: 1, seed: 1 });
      const ok = lib.validateRecord(g.record).length === 0 && lib.checkTree([g.record, g.record]).length > 0;
      process.stdout.write(String(ok));
    `;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: fileURLToPath(new URL('../..', import.meta.url)), encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('true');
  });
});
