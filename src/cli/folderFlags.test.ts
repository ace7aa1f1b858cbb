// Every flag (and argument) that names a place the CLI writes, given a place on procfs or sysfs: exit 2
// with one line naming the flag and why. Node's recursive mkdir spun forever on /proc/x/...; the test's
// timeout, which stops the command's whole process group, is what catches a hang.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { diffedReports } from '../testing/diffedReports.ts';
import { runConform } from '../testing/runConform.ts';

const work = mkdtempSync(join(tmpdir(), 'conform-folder-flags-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const { before, after } = diffedReports();
writeFileSync(join(work, 'before.json'), JSON.stringify(before));
writeFileSync(join(work, 'after.json'), JSON.stringify(after));

/** The folder a kernel file system is mounted on, what makeFolder calls it, and a place below it that does not exist. */
const places = [
  { root: '/proc', fs: 'procfs' },
  { root: '/sys', fs: 'sysfs' },
].filter((p) => existsSync(p.root));

interface Case {
  /** What a failing case is called. */
  what: string;
  args: (place: string) => string[];
  /** The start of the one line on stderr: the flag and what it was given. */
  names: (place: string) => string;
}

const cases: Case[] = [
  ...(['json', 'junit', 'html', 'markdown'] as const).map((format) => ({
    what: `run --report ${format}=PATH`,
    args: (p: string) => ['run', 'unit-record', '--report', `${format}=${p}/r.out`],
    names: (p: string) => `--report ${format}=${p}/r.out cannot be written: `,
  })),
  { what: 'run --report blob=DIR', args: (p) => ['run', 'unit-record', '--report', `blob=${p}/blobs`], names: (p) => `--report blob=${p}/blobs cannot be written: ` },
  {
    what: 'run --suppress --suppressions PATH',
    args: (p) => ['run', 'unit-record', '--suppress', '--suppressions', `${p}/s.json`],
    names: (p) => `--suppressions ${p}/s.json cannot be written: `,
  },
  {
    what: 'report merge DIR --report FORMAT=PATH',
    args: (p) => ['report', 'merge', join(work, 'no-shards'), '--report', `html=${p}/r.html`],
    names: (p) => `--report html=${p}/r.html cannot be written: `,
  },
  {
    what: 'report diff --markdown PATH',
    args: (p) => ['report', 'diff', join(work, 'before.json'), join(work, 'after.json'), '--markdown', `${p}/d.md`],
    names: (p) => `--markdown ${p}/d.md cannot be written: `,
  },
  {
    what: 'report diff --report json=PATH',
    args: (p) => ['report', 'diff', join(work, 'before.json'), join(work, 'after.json'), '--report', `json=${p}/d.json`],
    names: (p) => `--report json=${p}/d.json cannot be written: `,
  },
  { what: 'records generate --out DIR', args: (p) => ['records', 'generate', '--count', '3', '--out', `${p}/fixtures`], names: (p) => `--out ${p}/fixtures cannot be written: ` },
  { what: 'init --config PATH', args: (p) => ['init', 'unit-record', '--config', `${p}/conform.config.ts`], names: (p) => `--config ${p}/conform.config.ts cannot be written: ` },
];

describe.concurrent('a place on a kernel file system, for every flag that names where to write', () => {
  for (const { root, fs } of places) {
    const place = `${root}/conform-x`;
    const why = `${root} is on ${fs}, a kernel file system: no folder or file can be made there`;
    for (const c of cases) {
      test(`${c.what} under ${root}: exit 2, one line naming the flag and why`, { timeout: 60_000 }, async ({ signal }) => {
        const r = await runConform(c.args(place), {}, { signal, cwd: work });
        expect(r.exitCode, r.stderr).toBe(2);
        expect(r.stderr).toBe(`conform: ${c.names(place)}${why}\n`);
      });
    }
    test(`records merge DIR under ${root}: exit 2, one line naming the folder`, { timeout: 60_000 }, async ({ signal }) => {
      const r = await runConform(['records', 'merge', `${place}/fixtures`], {}, { signal, cwd: work });
      expect(r.exitCode, r.stderr).toBe(2);
      expect(r.stderr).toBe(`conform: cannot read ${place}/fixtures: ENOENT\n`);
    });
  }
});
