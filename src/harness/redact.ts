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

export function redact(text: string): string {
  let out = text;
  for (const [value, name] of knownSecrets()) {
    out = out.split(value).join(`$${name}`);
    const encoded = Buffer.from(value).toString('base64');
    if (encoded !== value) out = out.split(encoded).join(`$${name}_BASE64`);
    // Then what is left of it encoded inside something longer (Basic credentials, a token in a URL).
    for (const form of secretForms(value).slice(1)) out = out.split(form.text).join(`$${name}_${form.encoding === 'percent-encoded' ? 'URLENCODED' : 'BASE64'}`);
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
