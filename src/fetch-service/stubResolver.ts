import type { LookupAddress, LookupOneOptions, LookupAllOptions } from 'node:dns';
import { isIPv6 } from 'node:net';

export interface StubAddress {
  address: string;
  family: 4 | 6;
}

/** Addresses for a name: fixed, or computed per query (call = 0 for the first), e.g. to rebind. */
export type StubAnswer = string | string[] | ((call: number) => string | string[]);

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A resolver that answers from a table and never sends a DNS query. Unknown names fail with ENOTFOUND, as
 * a real resolver would for a name that does not exist.
 */
export interface StubResolver {
  /** Promise form, shaped like the fetch service's Resolver. */
  resolve(hostname: string): Promise<StubAddress[]>;
  /** Callback form, shaped like dns.lookup, for net.connect's or undici's `lookup` option. */
  lookup(hostname: string, options: LookupOneOptions | LookupAllOptions | number, callback: LookupCallback): void;
  /** Every name asked for, in order. */
  readonly queries: readonly string[];
  /** Changes (or adds) the answer for a name. */
  set(hostname: string, answer: StubAnswer): void;
}

export function createStubResolver(table: Record<string, StubAnswer> = {}): StubResolver {
  const answers = new Map(Object.entries(table).map(([name, answer]) => [name.toLowerCase(), answer]));
  const calls = new Map<string, number>();
  const queries: string[] = [];

  const answer = (hostname: string): StubAddress[] => {
    const name = hostname.toLowerCase().replace(/\.$/, '');
    queries.push(name);
    const entry = answers.get(name);
    if (entry === undefined) {
      throw Object.assign(new Error(`stub resolver: no entry for ${name}`), { code: 'ENOTFOUND', hostname: name });
    }
    const call = calls.get(name) ?? 0;
    calls.set(name, call + 1);
    const value = typeof entry === 'function' ? entry(call) : entry;
    return (Array.isArray(value) ? value : [value]).map((address) => ({ address, family: isIPv6(address) ? 6 : 4 }));
  };

  return {
    resolve: async (hostname) => answer(hostname),
    lookup(hostname, options, callback) {
      let found: StubAddress[];
      try {
        found = answer(hostname);
      } catch (err) {
        return callback(err as NodeJS.ErrnoException, []);
      }
      const all = typeof options === 'object' && options.all === true;
      if (all) return callback(null, found);
      callback(null, found[0]!.address, found[0]!.family);
    },
    queries,
    set(hostname, value) {
      answers.set(hostname.toLowerCase(), value);
    },
  };
}
