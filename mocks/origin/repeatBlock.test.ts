import { expect, test } from 'vitest';
import { repeatBlock } from './repeatBlock.ts';

test('repeatBlock: whole blocks then a cut one, the same buffer reused', () => {
  const block = Buffer.from('abcd');
  const chunks = [...repeatBlock(block, 10)];
  expect(Buffer.concat(chunks).toString()).toBe('abcdabcdab');
  expect(chunks[0]).toBe(chunks[1]);
  expect([...repeatBlock(block, 0)]).toEqual([]);
  expect([...repeatBlock(block, 8)]).toHaveLength(2);
});
