import fc from 'fast-check';
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

describe('Redactor, many secrets (a run judging many targets side by side)', () => {
  const secretArbitrary = fc.string({ unit: fc.constantFrom(...'abcdefXYZ0123456789-_./+'), minLength: 4, maxLength: 40 });
  const forms: Array<[string, (secret: string) => string]> = [
    ['as is', (s) => s],
    ['all but its last character', (s) => s.slice(0, -1)],
    ['all but its first character', (s) => s.slice(1)],
    ['in another case', (s) => s.toUpperCase()],
    ['with a character more', (s) => `${s}x`],
    ['percent-encoded', (s) => encodeURIComponent(s)],
    ['inside Basic credentials', (s) => `Basic ${Buffer.from(`client:${s}`).toString('base64')}`],
  ];

  test('a text holding one of forty secrets, in any form, is redacted as by a Redactor holding that one alone', () => {
    fc.assert(
      fc.property(fc.uniqueArray(secretArbitrary, { minLength: 40, maxLength: 40 }), fc.nat(39), fc.constantFrom(...forms), fc.string({ maxLength: 30 }), (secrets, which, [, form], around) => {
        const secret = secrets[which]!;
        // Only texts that hold no other secret in any form: then the one-secret Redactor is the whole truth.
        const others = secrets.filter((s) => s !== secret && (s.includes(secret) || secret.toLowerCase().includes(s.toLowerCase().slice(1, -1))));
        fc.pre(others.length === 0);
        const text = `${around} "${form(secret)}" ${around}`;
        const many = new Redactor(secrets.map((s, i) => [s, `SECRET_${String(i)}`] as const));
        const one = new Redactor([[secret, `SECRET_${String(which)}`]]);
        expect(many.redact(text)).toBe(one.redact(text));
      }),
      { numRuns: 300 },
    );
  });

  test('a text holding none of them comes back as it was', () => {
    const many = new Redactor(Array.from({ length: 40 }, (_, i) => [`conform-secret-${String(i).padStart(4, '0')}-value`, `SECRET_${String(i)}`] as const));
    const text = 'GET /v2/users/me HTTP/1.1\nauthorization: Bearer $ACCESS_TOKEN\ncontent-type: application/json';
    expect(many.redact(text)).toBe(text);
    expect(many.redact('conform-secret-0007-value, CONFORM-SECRET-0012-VALUE')).toBe('$SECRET_7, [$SECRET_12 in another case]');
  });
});
