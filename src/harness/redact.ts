import { secretForms } from './secretForms.ts';

/**
 * Secrets never reach a report, a log line or an error message. Values are replaced by the name of the
 * variable a user keeps them in (`$SVC_API_KEY`), which keeps reproductions copy-pasteable.
 */

/** Environment variables whose values are secrets wherever they appear. */
export const secretEnvVars = ['SVC_API_KEY', 'MEETING_CLIENT_SECRET', 'MEETING_ACCESS_TOKEN'] as const;

const registered = new Map<string, string>();

/** Mark a value seen at run time (an access token, a key given by flag) as secret. */
export function registerSecret(value: string | undefined, variableName: string): void {
  // Very short values would blank out ordinary words; nobody issues a 3-character key.
  if (value && value.length >= 4) registered.set(value, variableName);
}

function knownSecrets(): Array<[string, string]> {
  const pairs = new Map(registered);
  for (const name of secretEnvVars) {
    const value = process.env[name];
    if (value && value.length >= 4 && !pairs.has(value)) pairs.set(value, name);
  }
  // Longest first, so a secret that contains another is replaced whole.
  return [...pairs].sort((a, b) => b[0].length - a[0].length);
}

/** Each text a secret can be written as, with what replaces it, in the order they are replaced. */
type Replacements = ReadonlyArray<readonly [text: string, placeholder: string]>;

// redact runs on every header of every generated request, and building a secret's forms costs far more
// than looking for them. Keyed by value, as the forms depend only on it and the name; bounded, because a
// long run may register token after token.
const replacementsCache = new Map<string, { name: string; replacements: Replacements }>();
const maxCachedSecrets = 64;

function replacementsOf(value: string, name: string): Replacements {
  const cached = replacementsCache.get(value);
  if (cached?.name === name) return cached.replacements;
  const replacements: Array<[string, string]> = [[value, `$${name}`]];
  const encoded = Buffer.from(value).toString('base64');
  if (encoded !== value) replacements.push([encoded, `$${name}_BASE64`]);
  // Then what is left of it encoded inside something longer (Basic credentials, a token in a URL).
  for (const form of secretForms(value).slice(1)) replacements.push([form.text, `$${name}_${form.encoding === 'percent-encoded' ? 'URLENCODED' : 'BASE64'}`]);
  replacementsCache.delete(value);
  if (replacementsCache.size >= maxCachedSecrets) replacementsCache.delete(replacementsCache.keys().next().value!);
  replacementsCache.set(value, { name, replacements });
  return replacements;
}

export function redact(text: string): string {
  let out = text;
  for (const [value, name] of knownSecrets()) {
    // Nearly every form is absent from a given text, and looking is far cheaper than splitting.
    for (const [form, placeholder] of replacementsOf(value, name)) if (out.includes(form)) out = out.split(form).join(placeholder);
  }
  return out;
}

const secretHeaders = new Set(['authorization', 'proxy-authorization', 'x-svc-api-key', 'cookie', 'set-cookie']);

/** Header values that carry credentials are never shown, whatever they hold. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = secretHeaders.has(name.toLowerCase()) ? redactCredentialHeader(name, value) : redact(value);
  }
  return out;
}

function redactCredentialHeader(name: string, value: string): string {
  const scheme = /^(Basic|Bearer)\s+/i.exec(value)?.[1];
  const redacted = redact(value);
  if (redacted !== value) return redacted;
  return scheme ? `${scheme} <redacted>` : `<redacted ${name.toLowerCase()}>`;
}
