import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { keyNearMisses } from './keyNearMisses.ts';

/** What a POSIX shell makes of a near miss's expression, as a reproduction's curl would send it: bytes. */
function shellValue(shell: string, key: string): Buffer {
  return execFileSync('sh', ['-c', `printf %s "${shell}"`], { env: { PATH: process.env.PATH, SVC_API_KEY: key } });
}

describe('keyNearMisses', () => {
  const key = 'conform-Key-0123';

  test('each is a key nobody issued, and its shell expression gives the same bytes as the value sent (latin1, as HTTP carries it)', () => {
    const misses = keyNearMisses(key);
    expect(misses.map((m) => m.path)).toEqual(['key-appended', 'key-prepended', 'key-last-dropped', 'key-first-dropped', 'key-scheme', 'key-nbsp', 'key-case']);
    for (const m of misses) {
      const value = m.key.of(key);
      expect(value, m.path).not.toBe(key);
      expect(shellValue(m.key.shell('SVC_API_KEY'), key).equals(Buffer.from(value, 'latin1')), m.path).toBe(true);
    }
    expect(misses.find((m) => m.path === 'key-case')!.key.of(key)).toBe('CONFORM-kEY-0123');
  });

  test('the expressions hold no part of the key', () => {
    for (const m of keyNearMisses(key)) expect(m.key.shell('SVC_API_KEY')).not.toMatch(/conform|Key-|0123/);
  });

  test('a key without letters has no other case: no near miss of case', () => {
    expect(keyNearMisses('0123-4567').map((m) => m.path)).not.toContain('key-case');
    expect(keyNearMisses('k1').map((m) => m.path)).toContain('key-case');
  });
});
