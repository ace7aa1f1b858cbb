/** One way a secret can be written: the text to look for and the encoding it is in. */
export interface SecretForm {
  text: string;
  encoding: 'as is' | 'percent-encoded' | 'base64' | 'base64url';
}

/** Shorter stretches of base64 would match ordinary text by chance. */
const minEncodedLength = 8;

/**
 * Every way `secret` can show up in a header, a URL or a body: as is, percent-encoded, and inside base64 in
 * either alphabet at each of the three byte alignments, so `Basic base64("user:" + secret)` gives it away
 * as surely as `base64(secret)`. For an alignment, only the characters that encode the secret's bits alone
 * count: those shared with the bytes around it depend on what surrounds it.
 */
export function secretForms(secret: string): SecretForm[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms: SecretForm[] = [{ text: secret, encoding: 'as is' }];
  const percent = encodeURIComponent(secret);
  if (percent !== secret) forms.push({ text: percent, encoding: 'percent-encoded' });
  for (const shift of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
    // Character i holds bits [6i, 6i + 6): keep those inside the secret's bits [8 shift, 8 (shift + n)).
    const core = encoded.slice(Math.ceil((8 * shift) / 6), Math.floor((8 * (shift + bytes.length)) / 6));
    if (core.length < minEncodedLength) continue;
    forms.push({ text: core, encoding: 'base64' });
    const url = core.replace(/\+/g, '-').replace(/\//g, '_');
    if (url !== core) forms.push({ text: url, encoding: 'base64url' });
  }
  return forms;
}

/** The first form of `secret` that `text` contains, if any. */
export function findSecret(text: string, forms: readonly SecretForm[]): SecretForm | undefined {
  return forms.find((f) => text.includes(f.text));
}
