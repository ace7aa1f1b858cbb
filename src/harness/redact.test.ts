import { afterEach, describe, expect, test } from 'vitest';
import { redact, redactHeaders, registerSecret } from './redact.ts';

describe('redact', () => {
  const saved = process.env.SVC_API_KEY;
  afterEach(() => {
    if (saved === undefined) delete process.env.SVC_API_KEY;
    else process.env.SVC_API_KEY = saved;
  });

  test('replaces secrets from the environment with their variable name', () => {
    process.env.SVC_API_KEY = 'k3y-s3cret-value';
    expect(redact('curl -H "X-SVC-API-Key: k3y-s3cret-value" http://x')).toBe('curl -H "X-SVC-API-Key: $SVC_API_KEY" http://x');
  });

  test('replaces secrets registered at run time, and their base64 form', () => {
    registerSecret('tok_abcdef123456', 'ACCESS_TOKEN');
    const basic = Buffer.from('tok_abcdef123456').toString('base64');
    expect(redact(`Bearer tok_abcdef123456 / ${basic}`)).toBe('Bearer $ACCESS_TOKEN / $ACCESS_TOKEN_BASE64');
  });

  test('ignores values too short to be secrets', () => {
    registerSecret('abc', 'SHORT');
    expect(redact('abc abc')).toBe('abc abc');
  });

  test('credential headers never show their values', () => {
    const out = redactHeaders({ Authorization: 'Bearer unknown-token-xyz', 'x-svc-api-key': 'whatever-key', accept: 'application/json' });
    expect(out).toEqual({ Authorization: 'Bearer <redacted>', 'x-svc-api-key': '<redacted x-svc-api-key>', accept: 'application/json' });
  });
});

describe('redact, encoded forms', () => {
  test('a secret inside longer base64 (Basic credentials) or percent-encoded is replaced too', () => {
    registerSecret('tok/xyz+0123456789', 'ACCESS_TOKEN');
    const basic = Buffer.from('user:tok/xyz+0123456789').toString('base64');
    const out = redact(`Authorization: Basic ${basic} ?t=${encodeURIComponent('tok/xyz+0123456789')}`);
    expect(out).toContain('$ACCESS_TOKEN_BASE64');
    expect(out).toContain('?t=$ACCESS_TOKEN_URLENCODED');
    expect(out).not.toContain(basic);
  });
});
