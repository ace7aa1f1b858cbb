/** The texts a recording made with `--anonymize` replaces, and how each replacement reads (N counts per kind). */
const kinds = {
  first_name: (n: number) => `Given${n}`,
  last_name: (n: number) => `Family${n}`,
  display_name: (n: number) => `Person ${n}`,
  topic: (n: number) => `Meeting ${n}`,
  agenda: (n: number) => `Agenda ${n}`,
  email: (n: number) => `user${n}@example.invalid`,
} as const;

export type AnonymizedKind = keyof typeof kinds;

/** An address in running text: what a page body or a header holds. */
const emailInText = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+/g;

/**
 * Replaces names, e-mail addresses, topics and agendas in a recording, the same input by the same
 * replacement throughout one file (so a meeting's host_email is its host's email, and two meetings with
 * one topic keep it shared), and inputs told apart by the order they were met in. E-mail addresses are
 * matched without regard to case (the platform does), and replaced under a reserved domain
 * (RFC 2606 `.invalid`), so no replacement is anyone's address.
 */
export class Anonymizer {
  readonly #seen = new Map<AnonymizedKind, Map<string, string>>();

  /** The replacement of `value` as a `kind`; "" stays "" (nothing to hide, and the platform's empty field kept). */
  replace(kind: AnonymizedKind, value: string): string {
    if (value === '') return value;
    const key = kind === 'email' ? value.toLowerCase() : value;
    let map = this.#seen.get(kind);
    if (!map) this.#seen.set(kind, (map = new Map()));
    let out = map.get(key);
    if (out === undefined) map.set(key, (out = kinds[kind](map.size + 1)));
    return out;
  }

  /** `text` with every e-mail address in it replaced, as `replace('email', …)` replaces a field. */
  emailsIn(text: string): string {
    return text.includes('@') ? text.replace(emailInText, (address) => this.replace('email', address)) : text;
  }
}
