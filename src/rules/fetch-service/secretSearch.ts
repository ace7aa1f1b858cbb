import { findSecret, secretForms, type SecretForm } from '../../exchange/secretForms.ts';

/**
 * From this length on a secret is searched for anywhere in a text: shorter, it would turn up in ordinary
 * text by chance (a key "k1" inside a fetched page), so it is searched for only where it stands whole.
 */
export const anywhereLength = 8;

/**
 * How a secret is looked for in what a service sends (reply headers and bodies, requests to the origin).
 * Each method names the form found ("as is", "base64", "the whole value"...), or undefined: never the value.
 */
export interface SecretSearch {
  /** What the search covers, said beside a verdict. */
  readonly scope: string;
  header(name: string, value: string): string | undefined;
  /** A request target (path and query) or a URL. */
  url(target: string): string | undefined;
  /** A body: its JSON when it parsed (undefined when not), else its text. */
  body(text: string, json: unknown): string | undefined;
}

export function secretSearch(secret: string): SecretSearch {
  return secret.length >= anywhereLength ? anywhere(secretForms(secret)) : whole(secret);
}

function anywhere(forms: SecretForm[]): SecretSearch {
  const find = (text: string) => findSecret(text, forms)?.encoding;
  return {
    scope: 'searched for anywhere: as is, percent-encoded, and inside base64',
    header: (name, value) => find(`${name}: ${value}`),
    url: find,
    body: (text) => find(text),
  };
}

/**
 * Headers whose values come from a fixed vocabulary, a number or a date: a short secret equal to one of
 * them ("gzip", "12") is a coincidence, not a copy.
 */
const vocabularyHeaders = new Set([
  'accept', 'accept-encoding', 'accept-language', 'accept-ranges', 'age', 'allow', 'cache-control', 'connection', 'content-encoding',
  'content-language', 'content-length', 'content-type', 'date', 'etag', 'expires', 'host', 'keep-alive', 'last-modified', 'pragma',
  'retry-after', 'te', 'transfer-encoding', 'vary',
]);

function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** `text` decoded from base64 (either alphabet), when it is base64 and nothing else. */
function base64Decoded(text: string): string | undefined {
  if (!/^[A-Za-z0-9+/_-]{2,}={0,2}$/.test(text)) return undefined;
  const bytes = Buffer.from(text, 'base64');
  const again = (/[-_]/.test(text) ? bytes.toString('base64url') : bytes.toString('base64')).replace(/=+$/, '');
  return again === text.replace(/=+$/, '') ? bytes.toString('utf8') : undefined;
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A short secret, found only where it stands whole: a header value, list member, parameter or credentials
 * (user or password of base64 Basic credentials too), a query parameter's value, a whole JSON
 * string, or a word of the service's own text that is quoted or follows a name such as "key" or "=".
 * A fetch result's `content` (the fetched page) counts only when it is the secret and nothing else.
 */
function whole(secret: string): SecretSearch {
  const is = (text: string) => text === secret || percentDecoded(text) === secret;
  const credentials = (text: string): boolean => {
    const decoded = base64Decoded(text);
    return decoded !== undefined && (decoded === secret || decoded.split(':').includes(secret));
  };
  const s = escaped(secret);
  const quoted = new RegExp(`["'\`‘“«]${s}["'\`’”»]`);
  const named = new RegExp(`(?:key|token|credentials?|secret|password|authori[sz]ation)["']?\\s*[:=]?\\s*${s}(?![A-Za-z0-9_-])|[?&;\\s][\\w.-]+=${s}(?![A-Za-z0-9_-])`, 'i');
  const inText = (text: string): string | undefined => (quoted.test(text) ? 'quoted in its text' : named.test(text) ? 'named in its text' : undefined);

  const inHeaderValue = (value: string): string | undefined => {
    for (const member of value.split(',')) {
      for (const part of member.split(';').map((p) => p.trim())) {
        if (is(part)) return 'the whole value';
        const parameter = /^[^=\s]+\s*=\s*"?([^"]*)"?$/.exec(part);
        if (parameter && is(parameter[1]!)) return 'a parameter';
        const scheme = /^[A-Za-z][\w!#$%&'*+.^`|~-]*\s+(\S+)$/.exec(part);
        if (scheme && is(scheme[1]!)) return 'as credentials';
        if (credentials(scheme ? scheme[1]! : part)) return 'base64';
      }
    }
    return undefined;
  };

  const inJson = (value: unknown): string | undefined => {
    if (typeof value === 'string') return is(value.trim()) ? 'a whole JSON string' : inText(value);
    if (Array.isArray(value)) {
      for (const item of value) {
        const found = inJson(item);
        if (found) return found;
      }
      return undefined;
    }
    if (typeof value !== 'object' || value === null) return undefined;
    const fields = value as Record<string, unknown>;
    // A fetch result: its content is the fetched page (any word may be in it), its headers the origin's.
    const result = typeof fields.content === 'string' && ('contentType' in fields || 'encoding' in fields);
    for (const [name, field] of Object.entries(fields)) {
      if (result && name === 'content') {
        if (is((field as string).trim())) return 'a whole JSON string';
        continue;
      }
      if (result && name === 'headers' && typeof field === 'object' && field !== null) {
        for (const [header, headerValue] of Object.entries(field)) {
          const found = typeof headerValue === 'string' && !vocabularyHeaders.has(header.toLowerCase()) ? inHeaderValue(headerValue) : undefined;
          if (found) return `the result's header ${header} (${found})`;
        }
        continue;
      }
      const found = inJson(field);
      if (found) return found;
    }
    return undefined;
  };

  return {
    scope:
      `a key of ${secret.length} characters (under ${anywhereLength}) is searched for where it stands whole: a header value, list member, parameter or ` +
      "credentials (base64 ones decoded), a query parameter, a JSON string, or a word of the service's own text that is quoted or named (key: …, …=); " +
      'not inside a fetched page, where so short a text turns up by chance',
    header: (name, value) => (vocabularyHeaders.has(name.toLowerCase()) ? undefined : inHeaderValue(value)),
    url(target) {
      const url = URL.parse(target, 'http://origin.invalid');
      if (!url) return undefined;
      for (const value of url.searchParams.values()) if (value === secret) return 'a query parameter';
      return undefined;
    },
    body: (text, json) => (json !== undefined ? inJson(json) : inText(text)),
  };
}
