import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonObjectArbitrary, jsonValueArbitrary, looseObjectArbitrary, textArbitrary } from './jsonValueArbitrary.ts';

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

describe('jsonValueArbitrary', () => {
  it('reaches every JSON type, nested, and survives a JSON round trip unchanged', () => {
    const values = fc.sample(jsonValueArbitrary, { seed: 1, numRuns: 1000 });
    expect(new Set(values.map(typeOf))).toEqual(new Set(['null', 'boolean', 'number', 'string', 'array', 'object']));
    expect(values.some((v) => typeOf(v) === 'array' && (v as unknown[]).some((x) => typeof x === 'object' && x !== null))).toBe(true);
    for (const v of values) expect(JSON.parse(JSON.stringify(v))).toEqual(v);
  });

  it('never draws -0, which JSON writes as 0 (a CI run drew it: seed 960742821)', () => {
    fc.assert(fc.property(jsonValueArbitrary, (v) => void expect(JSON.parse(JSON.stringify(v))).toEqual(v)), { seed: 960742821, numRuns: 20_000 });
  });

  it('makes objects with awkward keys, "__proto__" kept as a plain key', () => {
    const keys = fc.sample(looseObjectArbitrary, { seed: 2, numRuns: 2000 }).flatMap((o) => Object.keys(o));
    expect(keys).toContain('__proto__');
    expect(keys).toContain('');
    expect(fc.sample(jsonObjectArbitrary(fc.constant(1), 2), { seed: 3, numRuns: 50 }).every((o) => Object.keys(o).length <= 2)).toBe(true);
  });

  it('makes non-ASCII text too', () => {
    expect(fc.sample(textArbitrary, { seed: 4, numRuns: 500 }).some((s) => /[^\x00-\x7f]/.test(s))).toBe(true);
  });
});
