/** Shared between callers (parseMediaType remembers its answers): read it, never change it. */
export interface MediaType {
  /** type/subtype, lowercase: the MIME type without parameters. */
  readonly essence: string;
  /** The charset parameter as written (a label, not yet an encoding name). */
  readonly charset?: string;
}

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const ESSENCE = new RegExp(`^(${TOKEN})/(${TOKEN})$`);
const PARAMETER = /;\s*([^=;\s]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;

/**
 * Parses a Content-Type value the lenient way browsers do: a malformed parameter does not lose the type,
 * and a charset is read whether quoted or not. Returns undefined when there is no valid type/subtype.
 * For a repeated header, undici gives every value; the last one wins, as in the Fetch standard.
 */
export function parseMediaType(header: string | string[] | undefined): MediaType | undefined {
  const value = Array.isArray(header) ? header.at(-1) : header;
  if (!value) return undefined;
  // Services send the same few values over and over: each is parsed once (short ones only, at most
  // maxRemembered of them, forgotten all at once when full, so a hostile origin cannot grow it).
  if (parsed.has(value)) return parsed.get(value);
  const type = parse(value);
  if (value.length <= maxRememberedLength) {
    if (parsed.size >= maxRemembered) parsed.clear();
    parsed.set(value, type);
  }
  return type;
}

const maxRemembered = 256;
const maxRememberedLength = 200;
const parsed = new Map<string, Readonly<MediaType> | undefined>();

function parse(value: string): MediaType | undefined {
  const semicolon = value.indexOf(';');
  const essence = (semicolon === -1 ? value : value.slice(0, semicolon)).trim().toLowerCase();
  if (!ESSENCE.test(essence)) return undefined;
  if (semicolon === -1) return { essence };
  for (const [, name, raw] of value.slice(semicolon).matchAll(PARAMETER)) {
    if (name!.toLowerCase() !== 'charset') continue;
    const charset = raw!.startsWith('"') ? raw!.slice(1, -1).replace(/\\(.)/g, '$1') : raw!.trim();
    if (charset) return { essence, charset };
  }
  return { essence };
}

export function isHtml(essence: string): boolean {
  return essence === 'text/html';
}

export function isXml(essence: string): boolean {
  return essence === 'application/xml' || essence === 'text/xml' || essence.endsWith('+xml');
}

/** JSON by its media type: application/json or any +json structured suffix (RFC 6839). */
export function isJson(essence: string): boolean {
  return essence === 'application/json' || /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+\+json$/.test(essence);
}

/**
 * The media type a Content-Type value names, lowercase, without parameters ("application/json"; "" for
 * none): parsed as parseMediaType does, or, for a value no parser takes, what it says before any ";", so
 * a message can quote how a reply was labelled however wrongly.
 */
export function essenceOf(contentType: string | null | undefined): string {
  return parseMediaType(contentType ?? undefined)?.essence ?? (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/** Whether `essence` falls under a documented media range ("application/json", "application/*", "*\/*"). */
export function mediaRangeCovers(range: string, essence: string): boolean {
  if (range === '*/*') return essence !== '';
  if (range.endsWith('/*')) return essence.startsWith(range.slice(0, -1));
  return range === essence;
}

const TEXT_APPLICATION_TYPES = new Set([
  'application/javascript',
  'application/ecmascript',
  'application/x-javascript',
  'application/x-www-form-urlencoded',
  'application/x-ndjson',
  'application/yaml',
  'application/x-yaml',
  'application/toml',
  'application/graphql',
  'application/sql',
  'application/csv',
  'application/x-sh',
]);

/** Whether a body of this type is text (returned decoded) rather than binary (returned as base64). */
export function isTextual(essence: string): boolean {
  return essence.startsWith('text/') || isJson(essence) || isXml(essence) || TEXT_APPLICATION_TYPES.has(essence);
}
