import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { whyUnwritable } from './reportFiles.ts';

const work = mkdtempSync(join(tmpdir(), 'conform-report-files-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('whyUnwritable: a report file that could not be written, found before the run', () => {
  test('a writable path: its folders made, no file left behind, an existing report untouched', async () => {
    const fresh = join(work, 'a', 'b', 'report.html');
    expect(await whyUnwritable({ format: 'html', path: fresh })).toBeUndefined();
    expect(existsSync(fresh)).toBe(false);
    expect(statSync(join(work, 'a', 'b')).isDirectory()).toBe(true);
    const old = join(work, 'old.json');
    writeFileSync(old, '{"kept":true}');
    const before = statSync(old).mtimeMs;
    expect(await whyUnwritable({ format: 'json', path: old })).toBeUndefined();
    expect(readFileSync(old, 'utf8')).toBe('{"kept":true}');
    expect(statSync(old).mtimeMs).toBe(before);
    const blobs = join(work, 'blobs');
    expect(await whyUnwritable({ format: 'blob', path: blobs })).toBeUndefined();
    expect(readdirSync(blobs)).toEqual([]);
  });

  test('a file where a folder is due, a folder where the file is due: said in one line', async () => {
    const file = join(work, 'plain');
    writeFileSync(file, 'x');
    expect(await whyUnwritable({ format: 'html', path: join(file, 'x.html') })).toBe(`--report html=${join(file, 'x.html')} cannot be written: ENOTDIR: not a directory`);
    expect(await whyUnwritable({ format: 'junit', path: work })).toBe(`--report junit=${work} cannot be written: EISDIR: is a directory`);
  });

  test.skipIf(!existsSync('/proc/self'))('a place no file can be made (/proc)', async () => {
    expect(await whyUnwritable({ format: 'html', path: '/proc/x.html' })).toBe('--report html=/proc/x.html cannot be written: ENOENT: no such file or directory');
  });
});
