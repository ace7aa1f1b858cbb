import { isIP } from 'node:net';
import type { SecureContext } from 'node:tls';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector } from 'undici';

export interface WallTlsSettings {
  rejectUnauthorized?: boolean;
  ca?: string[];
  secureContext?: SecureContext;
}

/**
 * The last wall between code under test and the network: a dial layer that opens sockets to loopback
 * addresses only. Anything else (a public address, a private one, a host name that would need DNS) is
 * not dialled but recorded as a violation and failed, so a test fails even when the code under test has
 * a hole. In CI the tests also run inside `unshare -n`; this wall holds on a developer's machine too.
 */
export interface LoopbackWall {
  /** Pass as `dial` to startFetchService / FetchService. */
  dial: (tls: WallTlsSettings) => buildConnector.connector;
  /** An undici Agent whose connections go through the wall, for test clients. */
  agent(): Agent;
  /** "host:port" of every refused destination. */
  readonly violations: readonly string[];
  /** "address:port" of every socket actually opened (after stand-in mapping). */
  readonly dialled: readonly string[];
  /** Returns and forgets the violations: for a test that provokes one on purpose and asserts on it. */
  takeViolations(): string[];
  /** Throws when any violation was recorded; call it in afterEach. */
  assertNoViolations(): void;
}

export interface LoopbackWallOptions {
  /**
   * Public addresses that loopback stands in for: a dial to 93.184.216.34 goes to 127.0.0.1 on the same
   * port. Lets a test fetch a "public" host (the SSRF policy sees a public address) served by a local origin.
   */
  standIns?: Record<string, string>;
}

function isLoopbackLiteral(host: string): boolean {
  return isIP(host) !== 0 && ipaddr.parse(host).range() === 'loopback';
}

export function createLoopbackOnlyDial(options: LoopbackWallOptions = {}): LoopbackWall {
  const standIns = new Map(Object.entries(options.standIns ?? {}));
  for (const target of standIns.values()) {
    if (!isLoopbackLiteral(target)) throw new Error(`stand-in target ${target} is not a loopback address`);
  }
  let violations: string[] = [];
  const dialled: string[] = [];

  const dial = (tls: WallTlsSettings): buildConnector.connector => {
    const real = buildConnector({ ...tls, allowH2: false, timeout: 5_000 });
    return (opts, callback) => {
      const target = standIns.get(opts.hostname) ?? opts.hostname;
      if (!isLoopbackLiteral(target)) {
        violations.push(`${opts.hostname}:${opts.port}`);
        const err = Object.assign(new Error(`loopback wall: refused to dial ${opts.hostname}:${opts.port}`), { code: 'ELOOPBACKWALL' });
        callback(err, null);
        return;
      }
      dialled.push(`${target}:${opts.port}`);
      real({ ...opts, hostname: target }, callback);
    };
  };

  return {
    dial,
    agent: () => new Agent({ connect: dial({}) }),
    get violations() {
      return violations;
    },
    dialled,
    takeViolations() {
      const taken = violations;
      violations = [];
      return taken;
    },
    assertNoViolations() {
      if (violations.length > 0) throw new Error(`code under test tried to leave loopback: ${violations.join(', ')}`);
    },
  };
}
