import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { RunError } from './RunError.ts';
import { prepareReportFiles, whyUnwritable } from './reportFiles.ts';

const work = mkdtempSync(join(tmpdir(), 'conform-report-files-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('whyUnwritable: a report file that could not be written, found before the run', () => {
  test("a writable path: undefined, its folder made (a blob's folder itself)", async () => {
    expect(await whyUnwritable({ format: 'html', path: join(work, 'a', 'report.html') })).toBeUndefined();
    expect(readdirSync(join(work, 'a'))).toEqual([]);
    expect(await whyUnwritable({ format: 'blob', path: join(work, 'blobs') })).toBeUndefined();
    expect(readdirSync(join(work, 'blobs'))).toEqual([]);
  });

  test('one that cannot: the flag, the path and why, in one line', async () => {
    const file = join(work, 'plain');
    writeFileSync(file, 'x');
    expect(await whyUnwritable({ format: 'html', path: join(file, 'x.html') })).toBe(`--report html=${join(file, 'x.html')} cannot be written: ${file} is a file, not a folder`);
    expect(await whyUnwritable({ format: 'junit', path: work })).toBe(`--report junit=${work} cannot be written: it is a folder`);
    expect(await whyUnwritable({ format: 'blob', path: file })).toBe(`--report blob=${file} cannot be written: ${file} is a file, not a folder`);
  });

  test.skipIf(!existsSync('/proc/self'))('a place no file can be made (/proc)', async () => {
    expect(await whyUnwritable({ format: 'html', path: '/proc/x.html' })).toBe('--report html=/proc/x.html cannot be written: /proc is on procfs, a kernel file system: no folder or file can be made there');
  });
});

describe('prepareReportFiles', () => {
  test('the files with absolute paths, folders made; a RunError naming every one that cannot be written', async () => {
    expect(await prepareReportFiles([{ format: 'json', path: join(work, 'p', 'r.json') }])).toEqual([{ format: 'json', path: join(work, 'p', 'r.json') }]);
    expect(existsSync(join(work, 'p'))).toBe(true);
    const file = join(work, 'plain2');
    writeFileSync(file, 'x');
    const err = await prepareReportFiles([
      { format: 'json', path: join(file, 'a.json') },
      { format: 'html', path: join(file, 'b.html') },
    ]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RunError);
    expect((err as Error).message.split('\n')).toEqual([
      `--report json=${join(file, 'a.json')} cannot be written: ${file} is a file, not a folder`,
      `--report html=${join(file, 'b.html')} cannot be written: ${file} is a file, not a folder`,
    ]);
  });
});
