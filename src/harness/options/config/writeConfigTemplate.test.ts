import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { RunError } from '../../../verdict/RunError.ts';
import { configTemplate } from './configTemplate.ts';
import { shownPath } from './shownPath.ts';
import { writeConfigTemplate } from './writeConfigTemplate.ts';

const dir = mkdtempSync(join(tmpdir(), 'conform-write-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const shown = (path: string) => shownPath(path, process.cwd());

describe('writeConfigTemplate', () => {
  test("writes the suites' template and says what to fill in", async () => {
    const file = join(dir, 'conform.config.ts');
    const written = await writeConfigTemplate(file, ['unit-record']);
    expect(written).toEqual({ shown: shown(file), fillIn: configTemplate(['unit-record']).fillIn });
    expect(readFileSync(file, 'utf8')).toBe(configTemplate(['unit-record']).text);
  });

  test('never writes over a file, nor anything but TypeScript', async () => {
    const file = join(dir, 'taken.mts');
    writeFileSync(file, 'mine');
    await expect(writeConfigTemplate(file)).rejects.toThrow(new RunError(`${shown(file)} exists already: conform init leaves it as it is`));
    expect(readFileSync(file, 'utf8')).toBe('mine');
    const json = join(dir, 'conform.config.json');
    await expect(writeConfigTemplate(json)).rejects.toThrow(
      new RunError(`${shown(json)}: conform init writes TypeScript, a .ts or .mts file (a .json config holds the same keys, without the comments)`),
    );
  });

  test('makes a folder that is not there; one that cannot be made is a RunError in one line', async () => {
    const file = join(dir, 'missing', 'deeper', 'conform.config.ts');
    await writeConfigTemplate(file, ['unit-record']);
    expect(readFileSync(file, 'utf8')).toBe(configTemplate(['unit-record']).text);
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, 'x');
    const blocked = join(blocker, 'conform.config.ts');
    await expect(writeConfigTemplate(blocked)).rejects.toThrow(new RunError(`${shown(blocked)} cannot be written: ${blocker} is a file, not a folder`));
  });
});
