import { describe, expect, test } from 'vitest';
import { findSecret, secretForms } from './secretForms.ts';

const secret = 'conform-key-Zm9v/+bar?0123456789';

describe('secretForms', () => {
  test('finds the secret as is and percent-encoded', () => {
    expect(findSecret(`x-key: ${secret}`, secretForms(secret))?.encoding).toBe('as is');
    expect(findSecret(`/small?key=${encodeURIComponent(secret)}`, secretForms(secret))?.encoding).toBe('percent-encoded');
  });

  test.each(['', 'u', 'us', 'user:', 'api-user:'])('finds it inside base64 after a prefix of %j, in both alphabets', (prefix) => {
    const bytes = Buffer.from(`${prefix}${secret}!`);
    expect(findSecret(`Basic ${bytes.toString('base64')}`, secretForms(secret))?.encoding).toBe('base64');
    expect(findSecret(`token=${bytes.toString('base64url')}`, secretForms(secret))).toBeDefined();
  });

  test('finds nothing in text that does not carry it', () => {
    const other = Buffer.from(`user:${secret.slice(0, -1)}`).toString('base64');
    expect(findSecret(`Basic ${other} ${secret.slice(1)}`, secretForms(secret))).toBeUndefined();
  });
});
