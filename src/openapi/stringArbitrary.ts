import fc from 'fast-check';

/**
 * Text that trips up servers: right-to-left scripts and an override mark, astral-plane characters and a
 * joined emoji, a combining accent, zero-width and byte-order marks, case-mapping oddities, a NUL.
 * Never a lone surrogate, which no UTF-8 encoder can send.
 */
const awkwardTexts: readonly string[] = [
  ' ',
  'مرحبا بالعالم',
  'שלום',
  'abc\u202Edef\u202C',
  '𝄞',
  '👩‍👩‍👧',
  'e\u0301',
  '\u200B',
  '\uFEFF',
  'İß',
  'ﷺ',
  'a\u0000b',
  '%',
  '%20',
  '+',
  '&=?#',
  '\\',
  '"\'<>',
];

/**
 * Any code point but a surrogate, controls included, ASCII most often. fast-check's own 'binary' and
 * 'grapheme' units build tables of all of unicode on first use (one to three seconds per process).
 */
const anyCodePoint: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 3, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 0x1f }) },
    { weight: 2, arbitrary: fc.integer({ min: 0xa0, max: 0xd7ff }) },
    { weight: 2, arbitrary: fc.integer({ min: 0xe000, max: 0x10ffff }) },
  )
  .map((cp) => String.fromCodePoint(cp));

export interface StringBounds {
  minLength?: number;
  maxLength?: number;
  /** The longest string to try where the schema sets no maximum (long text in a URL has its own limits). */
  longest: number;
}

/** Fits `text` to the bounds, counting code points as JSON Schema does; undefined when it cannot. */
function fit(text: string, min: number, max: number): string | undefined {
  let chars = [...text];
  if (chars.length > max) chars = chars.slice(0, max);
  while (chars.length < min) chars.push('a');
  return chars.length >= min && chars.length <= max ? chars.join('') : undefined;
}

/**
 * Strings within the bounds: plain ones (shrinking towards the shortest), any unicode, the awkward texts
 * above, and runs of one character up to the longest allowed (the bounds themselves included).
 */
export function stringArbitrary(bounds: StringBounds): fc.Arbitrary<string> {
  const min = bounds.minLength ?? 0;
  const max = bounds.maxLength ?? bounds.longest;
  const sized = (maxLength: number) => ({ minLength: min, maxLength: Math.max(min, Math.min(max, maxLength)) });
  // Runs of one character from the shortest to the longest allowed: shrinking finds the length that fails.
  const runs = fc.integer({ min, max: Math.max(min, Math.min(max, bounds.longest)) }).map((n) => 'x'.repeat(n));
  const awkward = [...new Set(awkwardTexts.map((t) => fit(t, min, max)).filter((t): t is string => t !== undefined))];
  if (awkward.length === 0) awkward.push('x'.repeat(min));
  return fc.oneof(
    { weight: 4, arbitrary: fc.string(sized(12)) },
    { weight: 3, arbitrary: fc.string({ unit: anyCodePoint, ...sized(16) }) },
    { weight: 2, arbitrary: fc.constantFrom(...awkward) },
    { weight: 1, arbitrary: runs },
  );
}
