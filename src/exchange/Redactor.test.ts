import { describe, expect, test } from 'vitest';
import { Redactor } from './Redactor.ts';
import { findSecret, secretForms } from './secretForms.ts';

describe('Redactor', () => {
  test('replaces the secrets it was given with their variable name', () => {
    const redactor = new Redactor([['k3y-s3cret-value', 'SVC_API_KEY']]);
    expect(redactor.redact('curl -H "X-SVC-API-Key: k3y-s3cret-value" http://x')).toBe('curl -H "X-SVC-API-Key: $SVC_API_KEY" http://x');
  });

  test('replaces secrets added at run time, and their base64 form', () => {
    const redactor = new Redactor();
    redactor.add('tok_abcdef123456', 'ACCESS_TOKEN');
    const basic = Buffer.from('tok_abcdef123456').toString('base64');
    expect(redactor.redact(`Bearer tok_abcdef123456 / ${basic}`)).toBe('Bearer $ACCESS_TOKEN / $ACCESS_TOKEN_BASE64');
  });

  test('a secret with more of a name after it is written ${VARIABLE}, which a shell reads as that variable', () => {
    const redactor = new Redactor([['k3y-s3cret-value', 'SVC_API_KEY']]);
    expect(redactor.redact('k3y-s3cret-valuex k3y-s3cret-value_1 k3y-s3cret-value-x k3y-s3cret-value')).toBe('${SVC_API_KEY}x ${SVC_API_KEY}_1 $SVC_API_KEY-x $SVC_API_KEY');
  });

  test('ignores values too short to be secrets', () => {
    const redactor = new Redactor([['abc', 'SHORT'], [undefined, 'UNSET'], ['', 'EMPTY']]);
    expect(redactor.redact('abc abc')).toBe('abc abc');
  });

  test('a secret that contains another is replaced whole', () => {
    const redactor = new Redactor([['secret-1234', 'INNER'], ['outer-secret-1234-x', 'OUTER']]);
    expect(redactor.redact('outer-secret-1234-x and secret-1234')).toBe('$OUTER and $INNER');
  });

  test('one run knows nothing of another: no secret is shared between Redactors, nor read from the environment', () => {
    const saved = process.env.SVC_API_KEY;
    process.env.SVC_API_KEY = 'env-key-not-given-to-the-run';
    try {
      const one = new Redactor([['first-run-secret', 'SVC_API_KEY']]);
      const other = new Redactor();
      expect(other.redact('first-run-secret env-key-not-given-to-the-run')).toBe('first-run-secret env-key-not-given-to-the-run');
      expect(one.redact('first-run-secret')).toBe('$SVC_API_KEY');
    } finally {
      if (saved === undefined) delete process.env.SVC_API_KEY;
      else process.env.SVC_API_KEY = saved;
    }
  });
});

describe('Redactor, encoded forms', () => {
  test('a secret inside longer base64 (Basic credentials) or percent-encoded is replaced too', () => {
    const redactor = new Redactor([['tok/xyz+0123456789', 'ACCESS_TOKEN']]);
    const basic = Buffer.from('user:tok/xyz+0123456789').toString('base64');
    const out = redactor.redact(`Authorization: Basic ${basic} ?t=${encodeURIComponent('tok/xyz+0123456789')}`);
    expect(out).toContain('$ACCESS_TOKEN_BASE64');
    expect(out).toContain('?t=$ACCESS_TOKEN_URLENCODED');
    expect(out).not.toContain(basic);
  });

  test.each(['', 'u', 'us', 'user:'])('no form of a secret survives, whatever precedes it in base64 (prefix %j)', (prefix) => {
    const secret = 'conform-key-Zm9v/+bar?0123456789';
    const redactor = new Redactor([[secret, 'SVC_API_KEY']]);
    const bytes = Buffer.from(`${prefix}${secret}!`);
    const text = [secret, encodeURIComponent(secret), bytes.toString('base64'), bytes.toString('base64url')].join('\n');
    expect(findSecret(redactor.redact(text), secretForms(secret))).toBeUndefined();
  });
});

describe('Redactor, near misses', () => {
  const secret = 'conform-Key-0123456789abcdef';
  const redactor = new Redactor([[secret, 'SVC_API_KEY']]);

  test.each([
    ['all but its last character', `invalid key "${secret.slice(0, -1)}"`, 'invalid key "${SVC_API_KEY%?}"'],
    ['all but its first character', `invalid key "${secret.slice(1)}"`, 'invalid key "${SVC_API_KEY#?}"'],
    ['the whole in another case', `invalid key "${secret.toUpperCase()}"`, 'invalid key "[$SVC_API_KEY in another case]"'],
    ['with a character more', `invalid key "${secret}x"`, 'invalid key "${SVC_API_KEY}x"'],
  ])('an echo of the secret %s gives nothing of it away', (_, text, shown) => {
    expect(redactor.redact(text)).toBe(shown);
  });

  test('a short secret has no near misses: they would blank out ordinary words', () => {
    expect(new Redactor([['k1-abcd', 'SVC_API_KEY']]).redact('k1-abc K1-ABCD')).toBe('k1-abc K1-ABCD');
  });
});
