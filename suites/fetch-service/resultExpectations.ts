import { TextDecoder } from '../../src/encoding/TextDecoder.ts';
import { describeValue, resultShapeProblem } from '../../src/rules/fetch-service/replyProblems.ts';
import { headerOf, replied, resultOf, type Expectation } from './expectations.ts';
import type { FarmPage } from './originFarm.ts';

// What seed §2's fetch result must hold for a farm page, field by field: each clause judges its own field,
// on a direct fetch and after every kind of redirect alike.

export const shapeProblem: Expectation = resultShapeProblem;

export function headersProblem(page: FarmPage): Expectation {
  const sent = new Map<string, string[]>();
  for (const [name, value] of page.headers) sent.set(name.toLowerCase(), [...(sent.get(name.toLowerCase()) ?? []), value]);
  return (x) => {
    const r = resultOf(x);
    if (!r) return `${replied(x)}; expected 200 with a fetch result`;
    const issues: string[] = [];
    for (const [name, values] of sent) {
      const reported = headerOf(r, name);
      if (reported === undefined) issues.push(`${name} is missing`);
      else if (typeof reported !== 'string') issues.push(`${name} is ${describeValue(reported)}, not a string`);
      else if (values.length === 1 ? reported.trim() !== values[0] : !values.every((v) => reported.includes(v))) {
        issues.push(`${name} is ${JSON.stringify(reported)}; the origin sent ${values.map((v) => JSON.stringify(v)).join(' and ')}`);
      }
    }
    return issues.join('; ') || undefined;
  };
}

/** `bytes` decoded as a result names it: base64, or a WHATWG encoding label; undefined for an unknown label. */
export function decodeAs(bytes: Buffer, encoding: string): string | undefined {
  if (encoding.trim().toLowerCase() === 'base64') return bytes.toString('base64');
  try {
    return new TextDecoder(encoding.trim()).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * FS-RESULT-CONTENT: content is a string, non-empty for a non-empty body, and a text body decoded with the
 * reported encoding. How a binary body is carried the seed leaves open (bytesProblem judges it, a SHOULD).
 */
export function contentProblem(page: FarmPage): Expectation {
  const bytes = Buffer.from(page.base64, 'base64');
  return (x) => {
    const r = resultOf(x);
    if (!r) return `${replied(x)}; expected 200 with a fetch result`;
    if (typeof r.content !== 'string') return `content is ${describeValue(r.content)}, not a string`;
    if (bytes.length > 0 && r.content === '') return `content is empty; the origin sent a body of ${bytes.length} bytes`;
    if (page.text === null) return undefined;
    if (typeof r.encoding !== 'string') return `encoding is ${describeValue(r.encoding)}: content cannot be checked against the body without it`;
    const expected = decodeAs(bytes, r.encoding);
    if (expected === undefined) return `encoding ${JSON.stringify(r.encoding)} names no known encoding, so content cannot be checked against the body`;
    return expected === r.content ? undefined : `content differs from the body decoded as ${r.encoding} ${firstDifference(expected, r.content)}`;
  };
}

/**
 * FS-RESULT-CONTENT-BYTES, for a binary page: content decoded back with the reported encoding is the body,
 * byte for byte. Base64, or a single-byte encoding that maps every byte, keeps them all; a binary body read
 * as text in an encoding its bytes are not valid in has lost them (U+FFFD).
 */
export function bytesProblem(page: FarmPage): Expectation {
  const bytes = Buffer.from(page.base64, 'base64');
  return (x) => {
    const r = resultOf(x);
    if (!r) return `${replied(x)}; expected 200 with a fetch result`;
    if (typeof r.encoding !== 'string' || typeof r.content !== 'string') return 'content and encoding must be strings';
    const expected = decodeAs(bytes, r.encoding);
    if (expected === undefined) return `encoding ${JSON.stringify(r.encoding)} names no known encoding, so content cannot be decoded back to the body`;
    if (expected !== r.content) return `content differs from the body decoded as ${r.encoding} ${firstDifference(expected, r.content)}`;
    const lost = [...r.content].filter((c) => c === '\uFFFD').length;
    return lost ? `the binary body read as ${r.encoding} lost bytes: content holds ${lost} replacement character(s) (U+FFFD), so it is not the body byte for byte` : undefined;
  };
}

export function firstDifference(expected: string, actual: string): string {
  let i = 0;
  while (i < expected.length && expected[i] === actual[i]) i++;
  return `from character ${i}: expected ${JSON.stringify(expected.slice(i, i + 24))}, got ${JSON.stringify(actual.slice(i, i + 24))}`;
}

export function mimeProblem(page: FarmPage): Expectation {
  return (x) => {
    const r = resultOf(x);
    if (!r) return `${replied(x)}; expected 200 with a fetch result`;
    const reported = typeof r.contentType === 'string' ? r.contentType.trim().toLowerCase() : r.contentType;
    return reported === page.mimeType.toLowerCase() ? undefined : `contentType is ${describeValue(r.contentType)}; the origin sent ${JSON.stringify(page.mimeType)}`;
  };
}

/** The WHATWG name an encoding label stands for ("latin1" and "iso-8859-1" both mean windows-1252). */
export function canonicalEncoding(label: string): string {
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return label.trim().toLowerCase();
  }
}

export function encodingProblem(page: FarmPage): Expectation {
  const want = canonicalEncoding(page.encoding ?? '');
  return (x) => {
    const r = resultOf(x);
    if (!r) return `${replied(x)}; expected 200 with a fetch result`;
    const issues: string[] = [];
    if (typeof r.encoding !== 'string' || canonicalEncoding(r.encoding) !== want) issues.push(`encoding is ${describeValue(r.encoding)}, expected ${want}`);
    if (r.content !== page.text) issues.push(`content is not the text decoded as ${want} ${firstDifference(page.text ?? '', String(r.content))}`);
    return issues.join('; ') || undefined;
  };
}

/** The encoding's name alone (FS-ENCODING after a redirect: whether content was decoded with it is FS-RESULT-CONTENT's). */
export function encodingNameProblem(page: FarmPage): Expectation {
  const want = canonicalEncoding(page.encoding ?? '');
  return (x) => {
    const r = resultOf(x);
    if (!r) return `${replied(x)}; expected 200 with a fetch result`;
    return typeof r.encoding === 'string' && canonicalEncoding(r.encoding) === want ? undefined : `encoding is ${describeValue(r.encoding)}, expected ${want} (${page.summary})`;
  };
}

/** The final page's headers, and none of the redirect's: its Location did not come from the page fetched. */
export function finalHeadersProblem(page: FarmPage): Expectation {
  const sent = headersProblem(page);
  return (x) => {
    const problem = sent(x);
    const r = resultOf(x);
    const location = r ? headerOf(r, 'location') : undefined;
    const stray = location === undefined ? undefined : `location is ${describeValue(location)}: a header of the redirect, not of the page fetched`;
    return [problem, stray].filter(Boolean).join('; ') || undefined;
  };
}
