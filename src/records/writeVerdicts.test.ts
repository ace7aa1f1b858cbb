import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, test } from 'vitest';
import { exampleRecord } from './exampleRecord.ts';
import type { RecordInput } from './validateInputs.ts';
import type { ValidationTally } from './ValidationTally.ts';
import { writeVerdicts, type WriteVerdictsOptions } from './writeVerdicts.ts';

const valid = JSON.stringify(exampleRecord());
const invalid = JSON.stringify({ ...exampleRecord(), order: 0 });
const stdin = (lines: string[]): RecordInput => ({ name: '<stdin>', chunks: Readable.from([Buffer.from(lines.join('\n') + '\n')]) });

async function verdicts(input: RecordInput, options: WriteVerdictsOptions = {}) {
  const out = new PassThrough();
  const written = text(out);
  const unreadable: string[] = [];
  const progress: number[] = [];
  const tally = await writeVerdicts([input], { workers: 0, ...options }, { out, unreadable: (line) => unreadable.push(line), progress: (t: ValidationTally) => progress.push(t.records) });
  out.end();
  return { tally, out: await written, unreadable, progress };
}

describe('writeVerdicts', () => {
  test('a line per error of an invalid record, the summary last; what cannot be read is told apart', async () => {
    const r = await verdicts(stdin([valid, invalid, 'not JSON']));
    expect(r.out).toBe('<stdin>:2: /order [UR-ORDER] order must be at least 1, got number 0\n2 record(s): 1 valid, 1 invalid (UR-ORDER 1), 1 unreadable\n');
    expect(r.unreadable).toEqual([expect.stringMatching(/^<stdin>:3 is not JSON: /)]);
    expect(r.tally.exitCode).toBe(2);
    expect(r.progress.at(-1)).toBe(2);
  });

  test('json: one document holding every verdict, the unreadable too, and the summary', async () => {
    const r = await verdicts(stdin([valid, invalid, 'not JSON']), { json: true });
    const document = JSON.parse(r.out) as { records: Array<{ line: number; valid?: boolean; unreadable?: string }>; summary: { records: number; exitCode: number } };
    expect(document.records.map((v) => [v.line, v.valid ?? v.unreadable?.slice(0, 11)])).toEqual([
      [1, true],
      [2, false],
      [3, 'is not JSON'],
    ]);
    expect(document.summary).toMatchObject({ records: 2, exitCode: 2 });
    expect(r.unreadable).toEqual([]);
  });

  test('tree: the set judged as one page, in the document', async () => {
    const r = await verdicts(stdin([valid, valid]), { json: true, tree: true });
    const document = JSON.parse(r.out) as { tree: { valid: boolean; errors: Array<{ clause: string }> } };
    expect(document.tree.valid).toBe(false);
    expect(document.tree.errors.map((e) => e.clause)).toContain('UR-TREE-UNIQUE-ID');
    expect(r.tally.exitCode).toBe(1);
  });
});
