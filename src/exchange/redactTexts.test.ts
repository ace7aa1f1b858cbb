import { describe, expect, test } from 'vitest';
import { Redactor } from './Redactor.ts';
import { redactTexts } from './redactTexts.ts';

describe('redactTexts', () => {
  const redactor = new Redactor([['s3cret-key-1234', 'SVC_API_KEY']]);

  test('every text however deep, numbers and flags kept, the value itself untouched', () => {
    const finding = {
      headline: '2 of 3 requests echoed s3cret-key-1234',
      failed: 2,
      groups: [{ cause: 'echoed s3cret-key-1234', count: 2, examples: [{ label: 'GET /?k=s3cret-key-1234', problem: 'body: s3cret-key-1234' }] }],
      answers: [{ label: 'a', answer: '200 s3cret-key-1234', failed: true as const }],
    };
    const redacted = redactTexts(finding, redactor);
    expect(JSON.stringify(redacted)).not.toContain('s3cret-key-1234');
    expect(redacted).toEqual({
      headline: '2 of 3 requests echoed $SVC_API_KEY',
      failed: 2,
      groups: [{ cause: 'echoed $SVC_API_KEY', count: 2, examples: [{ label: 'GET /?k=$SVC_API_KEY', problem: 'body: $SVC_API_KEY' }] }],
      answers: [{ label: 'a', answer: '200 $SVC_API_KEY', failed: true }],
    });
    expect(finding.headline).toContain('s3cret-key-1234');
  });

  test('what is not plain data is kept as it is', () => {
    const when = new Date(0);
    expect(redactTexts({ when, none: null, gone: undefined }, redactor)).toEqual({ when, none: null, gone: undefined });
    expect(redactTexts({ when }, redactor).when).toBe(when);
  });
});
