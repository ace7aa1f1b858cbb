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
  #order: Array<[string, { variable: string; replacements: Replacements }]> | undefined;

  constructor(secrets: Iterable<readonly [value: string | undefined, variable: string]> = []) {
    for (const [value, variable] of secrets) this.add(value, variable);
  }

  /** Marks a value (an access token, a key) as secret from now on, shown as `$variable`. */
  add(value: string | undefined, variable: string): void {
    if (!value || value.length < minSecretLength || this.#secrets.get(value)?.variable === variable) return;
    this.#secrets.set(value, { variable, replacements: replacementsOf(value, variable) });
    this.#order = undefined;
  }

  /** `text` with every secret, in every form it can be written in, replaced by its variable. */
  redact(text: string): string {
    this.#order ??= [...this.#secrets].sort((a, b) => b[0].length - a[0].length);
    let out = text;
    // The text in lower case, for the near misses in another case: made once, and again only once a
    // replacement changed the text (most texts hold no secret at all).
    let lower: string | undefined;
    for (const [value, { variable, replacements }] of this.#order) {
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
