import { expect, test } from 'vitest';
import { isReasonPhrase, reasonPhrases } from './reasonPhrases.ts';

test("§7's statuses take its value, in any case; others any name their reason phrase has had", () => {
  expect(reasonPhrases(504)).toEqual(['Gateway Timeout']);
  expect(isReasonPhrase(504, 'gateway timeout ')).toBe(true);
  expect(isReasonPhrase(504, 'Gateway Time-out')).toBe(false);
  for (const name of ['Payload Too Large', 'Content Too Large', 'request entity too large']) expect(isReasonPhrase(413, name), name).toBe(true);
  expect(isReasonPhrase(403, 'Forbidden')).toBe(true);
  expect(isReasonPhrase(403, 'Unauthorized')).toBe(false);
  expect(isReasonPhrase(401, 401)).toBe(false);
});
