import { normalizeHost } from './core/destinationRule.ts';

/** One operator allowlist entry: a host, and a port when the entry names one. */
export interface AllowHostEntry {
  host: string;
  port?: number;
}

const ENTRY = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d{1,5}))?$/;

/**
 * Parses `HOST` or `HOST:PORT` (`[::1]:8443` for IPv6). The host goes through the URL parser, so an entry
 * is compared in the same canonical form as the hosts of the URLs it will be matched against.
 */
export function parseAllowHost(entry: string): AllowHostEntry {
  const match = ENTRY.exec(entry.trim());
  if (!match) throw new Error(`not a HOST or HOST:PORT: ${JSON.stringify(entry)}`);
  let hostname: string;
  try {
    hostname = new URL(`http://${match[1]}/`).hostname;
  } catch {
    throw new Error(`not a valid host name or address: ${JSON.stringify(entry)}`);
  }
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && (port < 1 || port > 65535)) throw new Error(`port out of range: ${JSON.stringify(entry)}`);
  return port === undefined ? { host: normalizeHost(hostname) } : { host: normalizeHost(hostname), port };
}

/**
 * Destinations the operator vouches for (`--allow-host`): a local origin farm, an internal test host. An
 * entry with a port admits that port only, so `127.0.0.1:8443` admits a farm without opening the rest of
 * loopback. Matching is by the name in the URL, not by what it resolves to.
 */
export class HostAllowlist {
  readonly #anyPort = new Set<string>();
  readonly #withPort = new Set<string>();

  constructor(entries: readonly string[]) {
    for (const text of entries) {
      const entry = parseAllowHost(text);
      if (entry.port === undefined) this.#anyPort.add(entry.host);
      else this.#withPort.add(`${entry.host} ${entry.port}`);
    }
  }

  admits(hostname: string, port: number): boolean {
    const host = normalizeHost(hostname);
    return this.#anyPort.has(host) || this.#withPort.has(`${host} ${port}`);
  }

  get size(): number {
    return this.#anyPort.size + this.#withPort.size;
  }
}
