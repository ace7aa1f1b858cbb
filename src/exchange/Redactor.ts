import { secretForms } from './secretForms.ts';

/** Each text a secret can be written as, with the variable that replaces it (without `$`), in the order they are replaced. */
type Replacements = ReadonlyArray<readonly [text: string, variable: string]>;

/** Very short values would blank out ordinary words; nobody issues a 3-character key. */
const minSecretLength = 4;

/**
 * From this length a near miss of a secret (all of it but its first or last character, or the whole in
 * another case, as the suites' near-miss probes send it and a service may echo it) gives the secret away
 * too, and is long enough not to match ordinary text by chance.
 */
const minNearMissLength = 8;

/**
 * Past this many secrets, redact first finds which secrets a text can hold at all (by anchors, below),
 * and looks for the forms of those alone: a run judging 74 platforms side by side holds some 300 (their
 * client secrets and tokens), and looking for each form of each in every text was a fifth of its suite
 * worker's CPU (a profile of 20 platforms, 164 secrets: 0.8 of 3.7 CPU-s; with anchors, 0.35).
 */
const anchoredFrom = 16;

/**
 * An anchor's length: every text a secret of minNearMissLength or more can be written as (its forms, its
 * near misses) is at least this long, and ends with one of the secret's anchors. The end, not the start:
 * the secrets of one service tend to share a prefix (`mp_at_`), and an anchor every token shares would
 * make each text that holds one token a candidate for all of them.
 */
const anchorLength = minNearMissLength - 1;

type Entry = [value: string, secret: { variable: string; replacements: Replacements }];

/** Which secrets a text can hold: by the last characters of each text a secret can be written as. */
interface Anchors {
  /** Anchor → the secrets written with a text that ends with it (the text as it is). */
  exact: Map<string, Set<string>>;
  /** Anchor → the secrets whose whole in lower case ends with it (the text in lower case). */
  lower: Map<string, Set<string>>;
  /** The first three characters of the anchors of each map (headKey): a text is cut into anchors only where one is. */
  exactHeads: Set<number>;
  lowerHeads: Set<number>;
  /** Secrets too short for anchors: always looked for. */
  always: Set<string>;
}

/**
 * The secrets of one run, and the one place they are taken out of text: no secret reaches a report, a log
 * line or an error message. A value is replaced by the name of the variable a user keeps it in
 * (`$SVC_API_KEY`, `${SVC_API_KEY}` where more of a name follows), which keeps reproductions
 * copy-pasteable. The run's side makes it from the run's options (runSecrets); each suite worker from the
 * targets the run provided (currentRedactor), and adds what a check learns on the way
 * (ctx.secret: an access token).
 */
export class Redactor {
  /**
   * Secret value → the variable it is kept in (without the `$`) and the texts it can be written as. The
   * forms are built when the secret is added: redact runs on every header of every request and every
   * line of evidence, and building a secret's forms costs far more than looking for them. (A cache of
   * forms bounded at 64 secrets, with the 300 of a run judging 74 platforms side by side, was rebuilt on
   * every call: two thirds of that run's CPU went to redaction.)
   */
  readonly #secrets = new Map<string, { variable: string; replacements: Replacements }>();
  /** #secrets longest first, so a secret that contains another is replaced whole; undefined after an add. */
  #order: Entry[] | undefined;
  /** With many secrets, which of them a text can hold; undefined after an add. */
  #anchors: Anchors | undefined;

  constructor(secrets: Iterable<readonly [value: string | undefined, variable: string]> = []) {
    for (const [value, variable] of secrets) this.add(value, variable);
  }

  /** Marks a value (an access token, a key) as secret from now on, shown as `$variable`. */
  add(value: string | undefined, variable: string): void {
    if (!value || value.length < minSecretLength || this.#secrets.get(value)?.variable === variable) return;
    this.#secrets.set(value, { variable, replacements: replacementsOf(value, variable) });
    this.#order = undefined;
    this.#anchors = undefined;
  }

  /** `text` with every secret, in every form it can be written in, replaced by its variable. */
  redact(text: string): string {
    this.#order ??= [...this.#secrets].sort((a, b) => b[0].length - a[0].length);
    let order = this.#order;
    // The text in lower case, for the near misses in another case: made once, and again only once a
    // replacement changed the text (most texts hold no secret at all).
    let lower: string | undefined;
    if (order.length >= anchoredFrom) {
      const held = heldSecrets(text, (lower = text.toLowerCase()), (this.#anchors ??= anchorsOf(order)));
      if (held.size === 0) return text;
      order = order.filter(([value]) => held.has(value));
    }
    let out = text;
    for (const [value, { variable, replacements }] of order) {
      // Nearly every form is absent from a given text, and looking is far cheaper than splitting.
      // Only the value as is can be a shell's: its encoded forms are fragments of other text.
      for (const [form, name] of replacements) {
        if (!out.includes(form)) continue;
        out = name === variable ? replaced(out, form, name) : out.split(form).join(`$${name}`);
        lower = undefined;
      }
      if (value.length < minNearMissLength) continue;
      const before = out;
      out = withoutNearMisses(out, value, variable, (lower ??= out.toLowerCase()));
      if (out !== before) lower = undefined;
    }
    return out;
  }
}

/** The anchors of each secret: the last characters of its forms and near misses, or none for a short secret. */
function anchorsOf(entries: readonly Entry[]): Anchors {
  const anchors: Anchors = { exact: new Map(), lower: new Map(), always: new Set(), exactHeads: new Set(), lowerHeads: new Set() };
  const put = (map: Map<string, Set<string>>, text: string, value: string) => {
    const anchor = text.slice(-anchorLength);
    (map === anchors.exact ? anchors.exactHeads : anchors.lowerHeads).add(headKey(anchor, 0));
    let values = map.get(anchor);
    if (!values) map.set(anchor, (values = new Set()));
    values.add(value);
  };
  for (const [value, { replacements }] of entries) {
    if (value.length < minNearMissLength) {
      anchors.always.add(value);
      continue;
    }
    // The forms (the value as is and encoded, each at least as long), all but its first character (which
    // ends as the value does) and all but its last; the whole in another case, in the lower-case text.
    for (const [form] of replacements) put(anchors.exact, form, value);
    put(anchors.exact, value.slice(0, -1), value);
    put(anchors.lower, value.toLowerCase(), value);
  }
  return anchors;
}

/** The secrets whose anchors `text` (or, for another case, `lowerText`) holds: the only ones it can hold. */
function heldSecrets(text: string, lowerText: string, anchors: Anchors): Set<string> {
  const held = new Set(anchors.always);
  for (const [within, map, heads] of [[text, anchors.exact, anchors.exactHeads], [lowerText, anchors.lower, anchors.lowerHeads]] as const) {
    for (let i = 0; i + anchorLength <= within.length; i++) {
      // Most places begin no anchor: three characters read as one number say so without cutting a string.
      if (!heads.has(headKey(within, i))) continue;
      const values = map.get(within.slice(i, i + anchorLength));
      if (values) for (const value of values) held.add(value);
    }
  }
  return held;
}

/** The UTF-16 code units at `at`, `at + 1` and `at + 2` of `text` as one number (48 bits: exact in a double). */
function headKey(text: string, at: number): number {
  return (text.charCodeAt(at) * 65_536 + text.charCodeAt(at + 1)) * 65_536 + text.charCodeAt(at + 2);
}

/** The texts `value` can be written as, each with the variable that replaces it, the value as is first. */
function replacementsOf(value: string, variable: string): Replacements {
  const replacements: Array<[string, string]> = [[value, variable]];
  const encoded = Buffer.from(value).toString('base64');
  if (encoded !== value) replacements.push([encoded, `${variable}_BASE64`]);
  // Then what is left of it encoded inside something longer (Basic credentials, a token in a URL).
  for (const form of secretForms(value).slice(1)) replacements.push([form.text, `${variable}_${form.encoding === 'percent-encoded' ? 'URLENCODED' : 'BASE64'}`]);
  return replacements;
}

/**
 * `text` with what is left of a secret once the secret itself is out: all of it but its last character
 * (`${NAME%?}`, the shell's word for it), all but its first (`${NAME#?}`), and the whole in another case.
 * A near-miss probe sends these, and a service that echoes what it was sent would otherwise give the
 * secret away in the evidence.
 */
function withoutNearMisses(text: string, value: string, name: string, lowerText: string): string {
  let out = text;
  const head = value.slice(0, -1);
  const tail = value.slice(1);
  if (out.includes(head)) out = out.split(head).join(`\${${name}%?}`);
  if (out.includes(tail)) out = out.split(tail).join(`\${${name}#?}`);
  if (value.toLowerCase() !== value.toUpperCase()) {
    // A plain look first (in `lowerText`, `text` in lower case): the regex is built only where the
    // secret is there in some case. A head or tail replaced above leaves the whole in no case.
    if (out === text ? lowerText.includes(value.toLowerCase()) : out.toLowerCase().includes(value.toLowerCase())) {
      const pattern = new RegExp(value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu');
      out = out.replace(pattern, `[$${name} in another case]`);
    }
  }
  return out;
}

/**
 * `text` with every `form` replaced by `$name`, or `${name}` where a letter, digit or underscore follows:
 * a shell would read `$SVC_API_KEYx` (the key with a character appended) as another variable.
 */
function replaced(text: string, form: string, name: string): string {
  const pieces = text.split(form);
  let out = pieces[0]!;
  for (const piece of pieces.slice(1)) out += (/^\w/.test(piece) ? `\${${name}}` : `$${name}`) + piece;
  return out;
}
