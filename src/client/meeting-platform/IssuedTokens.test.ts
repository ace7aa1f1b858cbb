import fc from 'fast-check';
import { expect, test } from 'vitest';
import { IssuedTokens } from './IssuedTokens.ts';

/** The table as a plain model: tokens in order of first issue, the oldest dropped past the cap. */
interface Kept {
  serial: number;
  client: string;
  issuedAt: number;
  expiresAt: number;
  issuedById: number;
  lastUsedId: number;
  uses: number;
}

type Step = { issue: number; at: number } | { use: number; id: number } | { find: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ issue: fc.nat(24), at: fc.nat(1_000_000) }),
  fc.record({ use: fc.nat(24), id: fc.nat(1_000_000) }),
  fc.record({ find: fc.nat(24) }),
);

// Tokens of one issuer share a long prefix and differ at the end, as the platform's do.
const tokenOf = (i: number) => `eyJhbGciOiJIUzUxMiJ9.payload-of-token.${i}`;

test('keeps exactly the newest cap tokens issued, each found by its text, its fields as issued and used (a model check over random steps)', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 9 }), fc.array(step, { maxLength: 200 }), (cap, steps) => {
      const table = new IssuedTokens(cap);
      const model = new Map<string, Kept>();
      let next = 0;
      for (const s of steps) {
        if ('issue' in s) {
          const token = tokenOf(s.issue);
          const known = model.get(token);
          const fields = { client: `client-${s.issue % 3}`, issuedAt: s.at, expiresAt: s.at + 3_600_000, issuedById: s.at + 1, lastUsedId: 0, uses: 0 };
          if (known) model.set(token, { ...known, ...fields });
          else {
            if (model.size >= cap) model.delete(model.keys().next().value!);
            model.set(token, { serial: next++, ...fields });
          }
          expect(table.issue(token, fields.client, fields.issuedAt, fields.expiresAt, fields.issuedById)).toBe(model.get(token)!.serial);
        } else if ('use' in s) {
          const token = tokenOf(s.use);
          const known = model.get(token);
          if (known) {
            known.lastUsedId = s.id;
            known.uses = Math.min(255, known.uses + 1);
          }
          expect(table.use(table.find(token), s.id)).toBe(known?.uses ?? 0);
        }
        // After every step, every token of the pool is known as the model knows it, or not at all.
        expect(table.size).toBe(model.size);
        for (let i = 0; i <= 24; i++) {
          const token = tokenOf(i);
          const known = model.get(token);
          const serial = table.find(token);
          expect(serial).toBe(known?.serial ?? -1);
          if (!known) continue;
          const { serial: _, ...fields } = known;
          expect(table.get(serial)).toEqual(fields);
          expect(table.lastUsedId(serial)).toBe(known.lastUsedId);
          expect(table.expiresAt(serial)).toBe(known.expiresAt);
        }
      }
    }),
    { numRuns: 300 },
  );
});

test('a serial outlives nothing: once its token is dropped, it names no token, even when its slot holds another', () => {
  const table = new IssuedTokens(2);
  const first = table.issue('token-a', 'c', 0, 10, 1);
  table.issue('token-b', 'c', 0, 10, 2);
  table.issue('token-c', 'c', 0, 10, 3); // token-a's slot now holds token-c
  expect([table.has(first), table.get(first), table.lastUsedId(first), table.use(first, 9), table.find('token-a')]).toEqual([false, undefined, 0, 0, -1]);
});

test('a near miss is no token the platform issued: a character more, less, or changed', () => {
  const table = new IssuedTokens(8);
  const token = 'eyJhbGciOiJIUzUxMiJ9.eyJ1aWQiOiJ1MSJ9.c2lnbmF0dXJl';
  table.issue(token, 'c', 0, 10, 1);
  expect([`${token}x`, token.slice(0, -1), `${token.slice(0, -1)}F`, ` ${token}`].map((t) => table.find(t))).toEqual([-1, -1, -1, -1]);
  expect(table.find(token)).toBe(0);
});

test('a lookup made before a token was issued does not hide it after', () => {
  const table = new IssuedTokens(4);
  expect(table.find('token-late')).toBe(-1);
  const serial = table.issue('token-late', 'c', 0, 10, 1);
  expect(table.find('token-late')).toBe(serial);
});

test('with a server\'s namer: a token it marked as minted is kept under its name, found by that name, and hashed tokens live beside it; a mark for another token is not taken', () => {
  // A stand-in namer: names "minted-N" by N, nothing else (a mock names its signed tokens by their signature).
  const named = new Map<string, number>();
  const namer = (value: string, out: Uint32Array) => {
    const n = named.get(value);
    if (n === undefined) return false;
    out[0] = n;
    out[1] = ~n >>> 0;
    return true;
  };
  const table = new IssuedTokens(8, namer);
  named.set('minted-1', 1);
  const first = table.issue('minted-1', 'c', 0, 10, 1, { token: 'minted-1', a: 1, b: ~1 >>> 0 });
  expect(table.find('minted-1')).toBe(first);
  // A mark naming another token than the one kept is not taken: the token is named by the namer, or hashed.
  named.set('minted-2', 2);
  const second = table.issue('minted-2', 'c', 0, 10, 2, { token: 'minted-1', a: 1, b: ~1 >>> 0 });
  expect(second).not.toBe(first);
  expect(table.find('minted-2')).toBe(second);
  const hashed = table.issue('from-elsewhere', 'c', 0, 10, 3);
  expect([table.find('from-elsewhere'), table.find('minted-1'), table.find('minted-2')]).toEqual([hashed, first, second]);
  expect(['minted-1x', 'minted-', 'from-elsewherE'].map((t) => table.find(t))).toEqual([-1, -1, -1]);
  // The mark is what the namer would say: a table that trusted a wrong one would not find the token again.
  const trusting = new IssuedTokens(8, namer);
  const wrong = trusting.issue('minted-1', 'c', 0, 10, 1, { token: 'minted-1', a: 9, b: 9 });
  expect(trusting.find('minted-1')).not.toBe(wrong);
});
