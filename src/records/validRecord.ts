import fc from 'fast-check';
import { jsonObjectArbitrary, jsonValueArbitrary, looseObjectArbitrary, textArbitrary } from '../json/jsonValueArbitrary.ts';
import { pooled } from './pooled.ts';
import { shape } from './shape.ts';
import type { UnitRecord } from './UnitRecord.ts';
import type { JsonObject, JsonValue } from '../json/JsonValue.ts';

const word = fc.constantFrom('hero', 'nav', 'header', 'footer', 'card', 'grid', 'cta', 'banner', 'pricing', 'faq', 'logo', 'quote', 'form', 'media', 'tabs');
const phrase = fc.constantFrom('Build pages that rebuild themselves', 'Pricing', 'Häufige Fragen', 'お問い合わせ', 'Ça marche 🚀', 'مرحبا', '');

/** Ids as pages really have them (slugs, uuids), and sometimes any unicode text at all. */
export const unitIdArbitrary: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(word, fc.nat(999)).map(([w, n]) => `${w}-${String(n)}`) },
  { weight: 1, arbitrary: fc.uuid() },
  // Not unit 'binary' (lone surrogates): building that unit costs most of a second on first use.
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }) },
);

/** 64 lowercase hexadecimal characters, as `hash` must be. */
export const hexHashArbitrary: fc.Arbitrary<string> = fc
  .bigInt({ min: 0n, max: 2n ** 256n - 1n })
  .map((n) => n.toString(16).padStart(64, '0'));

/** An object field: usually shaped like real data, sometimes empty, sometimes anything at all. */
function objectField(shaped: fc.Arbitrary<JsonObject>): fc.Arbitrary<JsonObject> {
  const empty = fc.constant({});
  return pooled(fc.oneof({ weight: 8, arbitrary: shaped }, { weight: 1, arbitrary: looseObjectArbitrary }, { weight: 1, arbitrary: empty }));
}

function arrayField(item: fc.Arbitrary<JsonValue>): fc.Arbitrary<JsonValue[]> {
  const anything = fc.array(jsonValueArbitrary, { maxLength: 3 });
  return pooled(fc.oneof({ weight: 8, arbitrary: fc.array(item, { maxLength: 3 }) }, { weight: 1, arbitrary: anything }));
}

const ratio = fc.double({ min: 0, max: 1, noNaN: true });
const px = fc.nat(4096);
const host = fc.constantFrom('https://example.com/', 'https://cdn.example.net/a/');
const url = fc.tuple(host, word, fc.constantFrom('.webp', '.svg', '.woff2', '')).map((parts) => parts.join(''));
const isoDate = fc.integer({ min: 0, max: 4102444800000 }).map((ms) => new Date(ms).toISOString());
const someOf = <T>(arbitrary: fc.Arbitrary<T>) => fc.array(arbitrary, { maxLength: 3 });

const classification = shape({ role: word, confidence: ratio, signals: someOf(word) }, ['confidence', 'signals']);
const scope = shape({ selector: word.map((w) => `main > .${w}`), viewport: shape({ width: px, height: px }) }, ['viewport']);
const heading = shape({ text: fc.oneof(phrase, textArbitrary), level: fc.integer({ min: 1, max: 6 }) });
const block = shape({ type: fc.constantFrom('paragraph', 'list', 'quote'), text: phrase });
const content = shape({ heading, body: someOf(block), data: looseObjectArbitrary }, ['heading', 'body', 'data']);
const asset = shape({ kind: fc.constantFrom('image', 'font', 'video', 'icon'), url, width: px, height: px }, ['width', 'height']);
const layer = shape({ name: word, z: fc.integer({ min: -10, max: 10 }), opacity: ratio }, ['opacity']);
const gap = px.map((n) => `${String(n)}px`);
const layout = shape({ display: fc.constantFrom('grid', 'flex', 'block'), columns: fc.integer({ min: 1, max: 12 }), gap }, ['columns', 'gap']);
const styleable = shape({ part: word, properties: someOf(fc.constantFrom('color', 'font-size', 'padding', 'background')) });
const step = fc.constantFrom('measure', 'segment', 'rebuild');
const reconstruction = shape({ strategy: fc.constantFrom('semantic', 'pixel', 'hybrid'), fidelity: ratio, steps: someOf(step) }, ['steps']);
const check = fc.constantFrom('visual-diff', 'dom-diff', 'a11y');
const acceptance = shape({ checks: someOf(check), threshold: ratio, passed: fc.boolean() }, ['checks', 'threshold', 'passed']);
const diagnostic = shape({ level: fc.constantFrom('info', 'warning', 'error'), code: word.map((w) => `D-${w}`), message: phrase });
const provenance = shape({ source: url, fetchedAt: isoDate, tool: fc.constant('conform') }, ['fetchedAt', 'tool']);
const gapRef = fc.oneof(word.map((w) => `gap:${w}`), textArbitrary);

const recordModel = {
  schemaVersion: fc.constant('0083.1' as const),
  kind: fc.constant('unit' as const),
  id: unitIdArbitrary,
  unitKind: fc.constantFrom('section' as const, 'component' as const),
  pageKey: fc.constant('home' as const),
  parentUnitId: fc.option(unitIdArbitrary, { nil: null }),
  order: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 50 }) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }) }),
  status: fc.constantFrom('accepted' as const, 'provisional' as const),
  classification: objectField(classification),
  scope: objectField(scope),
  content: objectField(content),
  assets: arrayField(asset),
  layers: arrayField(layer),
  layout: objectField(layout),
  styleables: arrayField(styleable),
  behavior: jsonValueArbitrary,
  children: fc.uniqueArray(unitIdArbitrary, { maxLength: 4 }),
  reconstruction: objectField(reconstruction),
  acceptance: objectField(acceptance),
  diagnostics: arrayField(diagnostic),
  provenance: objectField(provenance),
  gapRefs: fc.uniqueArray(gapRef, { maxLength: 3 }),
  // No uniqueness or pattern is asked of dependency hashes: repeats and non-hex strings are valid.
  dependencyHashes: someOf(fc.oneof(hexHashArbitrary, hexHashArbitrary.map((h) => `sha256:${h}`), textArbitrary)),
  hash: hexHashArbitrary,
  // Pooled: what extensions hold has no part in validity, and arbitrary keys and values cost most.
  extensions: pooled(jsonObjectArbitrary(jsonValueArbitrary, 3)),
};

const recordShape = shape(recordModel, ['parentUnitId', 'order', 'dependencyHashes', 'hash', 'extensions']);

const validRecordArbitrary: fc.Arbitrary<UnitRecord> = recordShape.map((record) =>
  record.status === 'provisional' && record.gapRefs.length === 0 ? { ...record, gapRefs: ['gap:unspecified'] } : record,
);

/**
 * Valid records, realistic and varied: inner objects shaped as a page builder would write them mixed
 * with arbitrary JSON, unicode ids, both statuses, each optional field present or absent, behavior of
 * every JSON type and extensions with arbitrary keys. A provisional record always names a gap.
 * The top level of each record is its own; the insides of the object and array fields and of
 * extensions are often shared, deeply frozen, between records (see pooled.ts): copy before changing.
 */
export function validRecord(): fc.Arbitrary<UnitRecord> {
  return validRecordArbitrary;
}
