import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { whyUnwritable } from './whyUnwritable.ts';

const work = mkdtempSync(join(tmpdir(), 'conform-unwritable-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('whyUnwritable: a file that could not be written, found before anything is', () => {
  test('a writable path: its folders made, no file left behind, an existing file untouched', async () => {
    const fresh = join(work, 'a', 'b', 'report.html');
    expect(await whyUnwritable(fresh)).toBeUndefined();
    expect(existsSync(fresh)).toBe(false);
    expect(readdirSync(join(work, 'a', 'b'))).toEqual([]);
    const old = join(work, 'old.json');
    writeFileSync(old, '{"kept":true}');
    const before = statSync(old).mtimeMs;
    expect(await whyUnwritable(old)).toBeUndefined();
    expect(readFileSync(old, 'utf8')).toBe('{"kept":true}');
    expect(statSync(old).mtimeMs).toBe(before);
    const folder = join(work, 'blobs');
    expect(await whyUnwritable(folder, { folder: true })).toBeUndefined();
    expect(readdirSync(folder)).toEqual([]);
  });

  test('a file where a folder is due, a folder where the file is due: said in one line', async () => {
    const file = join(work, 'plain');
    writeFileSync(file, 'x');
    expect(await whyUnwritable(join(file, 'x.html'))).toBe(`${file} is a file, not a folder`);
    expect(await whyUnwritable(file, { folder: true })).toBe(`${file} is a file, not a folder`);
    expect(await whyUnwritable(work)).toBe('it is a folder');
  });

  test.skipIf(!existsSync('/proc/self'))('procfs and sysfs, the folder there or not', async () => {
    expect(await whyUnwritable('/proc/x.html')).toBe('/proc is on procfs, a kernel file system: no folder or file can be made there');
    expect(await whyUnwritable('/proc/x/r.html')).toBe('/proc is on procfs, a kernel file system: no folder or file can be made there');
    expect(await whyUnwritable('/sys/x/r.html')).toBe('/sys is on sysfs, a kernel file system: no folder or file can be made there');
  });
});
