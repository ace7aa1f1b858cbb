import type { ErrorObject } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { describeRecordError } from './describeRecordError.ts';

function error(keyword: string, instancePath: string, params: Record<string, unknown>, message = ''): ErrorObject {
  return { keyword, instancePath, schemaPath: '#', params, message };
}

describe('describeRecordError', () => {
  it('explains a fixed-length pattern by length first, then by the first character out of place', () => {
    const pattern = { pattern: '^[0-9a-f]{64}$' };
    expect(describeRecordError(error('pattern', '/hash', pattern), { hash: 'a' }, 'UR-HASH')).toBe('hash must be 64 lowercase hex characters, got 1 character');
    expect(describeRecordError(error('pattern', '/hash', pattern), { hash: 'é'.repeat(64) }, 'UR-HASH')).toBe(
      'hash must be 64 lowercase hex characters, got "é" at position 1',
    );
  });

  it('falls back to the pattern itself, and to ajv own words, for shapes it does not know', () => {
    expect(describeRecordError(error('pattern', '/x', { pattern: '^a+$' }), { x: 'b' }, 'UR-HASH')).toBe('x must match ^a+$, got "b"');
    expect(describeRecordError(error('maxLength', '/id', { limit: 3 }, 'must NOT have more than 3 characters'), { id: 'abcd' }, 'UR-ID')).toBe(
      'id must NOT have more than 3 characters',
    );
  });

  it('reads minItems outside the provisional rule plainly', () => {
    expect(describeRecordError(error('minItems', '/children', { limit: 2 }), { children: [] }, 'UR-CHILDREN')).toBe('children must have at least 2 item(s)');
  });
});
