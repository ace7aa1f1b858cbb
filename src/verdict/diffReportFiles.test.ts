import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { DiffFile } from './DiffFile.ts';
import { diffReportFiles } from './diffReportFiles.ts';
import { diffReports, type ReportDiff } from './diffReports.ts';
import { renderDiffMarkdown } from './reporters/renderDiffMarkdown.ts';
import { RunError } from './RunError.ts';
import { diffedReports } from '../testing/diffedReports.ts';

const dir = mkdtempSync(join(tmpdir(), 'conform-diff-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const { before, after } = diffedReports();
const paths = { before: join(dir, 'before.json'), after: join(dir, 'after.json') };
writeFileSync(paths.before, JSON.stringify(before));
writeFileSync(paths.after, JSON.stringify(after));

describe('diffReportFiles', () => {
  test('diffs the two reports, tells the diff before writing each file asked for, whole', async () => {
    const files: DiffFile[] = [
      { format: 'markdown', path: join(dir, 'out', 'diff.md') },
      { format: 'json', path: join(dir, 'out', 'diff.json') },
    ];
    const told: string[] = [];
    const diff = await diffReportFiles(paths.before, paths.after, { files, onDiff: () => told.push('diff'), onWritten: (f) => told.push(f.format) });
    expect(told).toEqual(['diff', 'markdown', 'json']);
    expect(JSON.parse(JSON.stringify(diff))).toEqual(JSON.parse(JSON.stringify(diffReports(before, after))));
    expect(readFileSync(files[0]!.path, 'utf8')).toBe(renderDiffMarkdown(diff, paths));
    expect((JSON.parse(readFileSync(files[1]!.path, 'utf8')) as ReportDiff).counts).toEqual(diff.counts);
  });

  test('a report it cannot read, and a file it cannot write, are a RunError in one line', async () => {
    await expect(diffReportFiles(join(dir, 'nope.json'), paths.after)).rejects.toThrow(new RunError(`cannot read ${join(dir, 'nope.json')}: ENOENT`));
    const blocked = join(paths.before, 'diff.md');
    const written: DiffFile[] = [];
    await expect(diffReportFiles(paths.before, paths.after, { files: [{ format: 'markdown', path: blocked }], onWritten: (f) => written.push(f) })).rejects.toThrow(
      new RunError(`--report markdown=${blocked} cannot be written: ${paths.before} is a file, not a folder`),
    );
    expect(written).toEqual([]);
  });
});
