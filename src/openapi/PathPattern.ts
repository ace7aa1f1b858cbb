/** What a path's match gives. */
export interface PathMatch {
  /** Parameter values: as sent (still percent-encoded), or decoded once more under `decodeOnce`. */
  params: Record<string, string>;
  /** The segments a leading `*` took ("/api"), "" when it took none or the pattern has no `*`. */
  prefix: string;
}

export interface PathPatternOptions {
  /**
   * The meeting platform's gateway rule: the path is percent-decoded once before it is matched, and the
   * empty segments that decoding may leave are folded away; each parameter is then decoded once more, as
   * the service behind the gateway does. A UUID "/abc==" sent encoded once arrives as "//abc==" and is
   * folded to "abc=="; sent encoded twice it arrives as "%2Fabc%3D%3D", which the parameter decodes to
   * "/abc==" (hence the platform's double-encoding rule). A "%" that starts no valid escape is kept as it
   * is. Without this option the path is matched as sent, so an encoded "/" stays inside its segment.
   */
  decodeOnce?: boolean;
}

type Segment = { literal: string } | { param: string };

/**
 * One path pattern, compiled once: the single matcher of the project's three route models (the OpenAPI
 * operations, the meeting platform mock's gateway, the origin farm). The syntax is URLPattern's, for whole
 * segments only (Node 22 has no URLPattern):
 * - a literal segment matches itself;
 * - `:name` matches one non-empty segment;
 * - `:name+`, last, matches the rest of the path, slashes included, when it is not empty;
 * - `*`, first, matches any run of whole leading segments (a deployment's base path) and is reported as
 *   the match's `prefix`.
 * The path must match to its end; a trailing slash is a segment of its own ("" never matches a parameter).
 */
export class PathPattern {
  readonly source: string;
  /** How specific the pattern is: a literal segment counts 2, a parameter 1 (so /users/me beats /users/:id). */
  readonly weight: number;
  readonly #segments: Segment[];
  readonly #rest: string | undefined;
  readonly #anyPrefix: boolean;
  readonly #decodeOnce: boolean;

  constructor(source: string, options: PathPatternOptions = {}) {
    this.source = source;
    this.#decodeOnce = options.decodeOnce === true;
    const parts = source.split('/');
    this.#anyPrefix = parts[0] === '*';
    if (parts[0] !== '' && !this.#anyPrefix) throw new Error(`a path pattern starts with "/" or "*/": ${source}`);
    const segments: Segment[] = parts.slice(1).map((part) => (part.startsWith(':') ? { param: part.slice(1) } : { literal: part }));
    const last = segments.at(-1);
    this.#rest = last && 'param' in last && last.param.endsWith('+') ? last.param.slice(0, -1) : undefined;
    if (this.#rest !== undefined) {
      segments.pop();
      if (this.#anyPrefix) throw new Error(`a path pattern takes "*" or a rest parameter, not both: ${source}`);
    }
    this.#segments = segments;
    this.weight = segments.reduce((sum, s) => sum + ('param' in s ? 1 : 2), this.#rest === undefined ? 0 : 1);
  }

  /**
   * The pattern of an OpenAPI path template ("/v2/users/{userId}"): `{name}` segments become parameters,
   * and the template may match the end of a path, as a deployment's base URL can add a prefix
   * ("/api" + "/v2/users/me"). One pattern per template, compiled on first use.
   */
  static fromTemplate(template: string): PathPattern {
    let pattern = templates.get(template);
    if (pattern === undefined) {
      const source = template.replace(/(?<=\/)\{([^/{}]+)\}(?=\/|$)/g, ':$1');
      templates.set(template, (pattern = new PathPattern(`*${source}`)));
    }
    return pattern;
  }

  match(path: string): PathMatch | undefined {
    const got = (this.#decodeOnce ? gatewayPath(path) : path).split('/').slice(1);
    const want = this.#segments;
    const fixed = this.#rest === undefined && !this.#anyPrefix;
    if (fixed ? got.length !== want.length : got.length < want.length) return undefined;
    const offset = this.#anyPrefix ? got.length - want.length : 0;
    const params: Record<string, string> = {};
    for (let i = 0; i < want.length; i++) {
      const segment = want[i]!;
      const part = got[offset + i]!;
      if ('literal' in segment) {
        if (segment.literal !== part) return undefined;
      } else {
        if (part === '') return undefined;
        params[segment.param] = this.#value(part);
      }
    }
    if (this.#rest !== undefined) {
      const rest = got.slice(want.length).join('/');
      if (rest === '') return undefined;
      params[this.#rest] = this.#value(rest);
    }
    return { params, prefix: offset === 0 ? '' : `/${got.slice(0, offset).join('/')}` };
  }

  #value(raw: string): string {
    return this.#decodeOnce ? (safeDecode(raw) ?? raw) : raw;
  }
}

// Templates come from the specs: a few dozen at most.
const templates = new Map<string, PathPattern>();

/** The gateway step: decoded once, runs of "/" that decoding left folded into one. */
function gatewayPath(path: string): string {
  const decoded = safeDecode(path) ?? path;
  return decoded.includes('//') ? decoded.replace(/\/{2,}/g, '/') : decoded;
}

function safeDecode(text: string): string | null {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
