import { describe, expect, it } from 'vitest';
import { generateRecords } from './generateRecords.ts';
import { judgeBytes } from './judgeRecord.ts';
import { ValidatorPool } from './ValidatorPool.ts';

describe('ValidatorPool', () => {
  it('gives, from its worker threads, the verdicts judgeBytes gives here, batch by batch in order', async () => {
    const lines = generateRecords({ count: 120, seed: 9, invalidRatio: 0.5 }).map((g) => Buffer.from(JSON.stringify(g)));
    lines.push(Buffer.from('{"record": {}, "valid": "maybe"}'), Buffer.from('[1,'));
    const batches = [lines.slice(0, 50), lines.slice(50, 51), lines.slice(51)];
    const pool = new ValidatorPool(2, { expect: true, tree: true });
    try {
      const verdicts = await Promise.all(batches.map((b) => pool.judge(b)));
      expect(verdicts).toEqual(batches.map((b) => b.map((bytes) => judgeBytes(bytes, { expect: true, tree: true }))));
      expect(verdicts.flat().filter((v) => 'agrees' in v && v.agrees)).toHaveLength(120);
    } finally {
      await pool.close();
    }
  });

  it('judges a record as large as a record may be, of the smallest objects, within its capped heap', async () => {
    // Just under the 16 MiB per-record limit: 5.4 million empty objects for JSON.parse to build, the most
    // heap a record's bytes can ask for (with the heap capped at 256 MiB, the worker ran out of memory).
    const count = Math.floor((15.5 * 2 ** 20) / 3);
    const huge = Buffer.from(`{"record":{"id":"huge","units":[${Array(count).fill('{}').join(',')}]}}`);
    const pool = new ValidatorPool(1, { expect: false, tree: false });
    try {
      const [verdict] = await pool.judge([huge]);
      expect(verdict).not.toHaveProperty('problem');
      expect(verdict).toMatchObject({ errors: expect.arrayContaining([expect.objectContaining({ clause: 'UR-REQUIRED' })]) });
    } finally {
      await pool.close();
    }
  });
});
