import { createSecureContext, getCACertificates, type SecureContext } from 'node:tls';
import { Agent, type Dispatcher, EnvHttpProxyAgent, Pool } from 'undici';
import type { DestinationPolicy } from './DestinationPolicy.ts';
import type { Dial, TlsSettings } from './dial.ts';
import { createGuardedConnector } from './guardedConnector.ts';

/** The operator's proxy. Absent fields fall back to HTTP_PROXY, HTTPS_PROXY and NO_PROXY (either case). */
export interface ProxySettings {
  httpProxy?: string;
  httpsProxy?: string;
  noProxy?: string;
}

export interface OutboundOptions {
  policy: DestinationPolicy;
  dial: Dial;
  timeoutMs: number;
  /** CAs trusted on top of Node's default store (an internal CA, a test CA). */
  trustedCa?: string[];
  proxy?: ProxySettings;
}

function proxyFromEnvironment(settings: ProxySettings): { http?: string; https?: string } {
  const env = process.env;
  const http = settings.httpProxy ?? env.http_proxy ?? env.HTTP_PROXY;
  const https = settings.httpsProxy ?? env.https_proxy ?? env.HTTPS_PROXY ?? http;
  return { ...(http ? { http } : {}), ...(https ? { https } : {}) };
}

/**
 * The undici dispatchers outbound fetches go through: TLS verifying or not, direct or through the
 * operator's proxy. Each keeps its own connection pool, so a connection opened without verification is
 * never reused by a request that asked for it. Every direct connection, NO_PROXY ones included, goes
 * through the guarded connector; connections to the proxy itself do not, the proxy being the operator's.
 */
export class OutboundDispatchers {
  readonly #options: OutboundOptions;
  readonly #secureContext: SecureContext | undefined;
  readonly #proxies: { http?: string; https?: string };
  readonly #made = new Map<string, Dispatcher>();

  constructor(options: OutboundOptions) {
    this.#options = options;
    // Giving Node a CA list replaces its default store, so the defaults are listed along with the extras.
    // One context for every connection: parsing some 150 certificates for each cost milliseconds apiece.
    this.#secureContext = options.trustedCa?.length ? createSecureContext({ ca: [...getCACertificates('default'), ...options.trustedCa] }) : undefined;
    this.#proxies = proxyFromEnvironment(options.proxy ?? {});
  }

  /** True when a proxy is configured, i.e. when `proxies: true` changes the route. */
  get proxyConfigured(): boolean {
    return Boolean(this.#proxies.http ?? this.#proxies.https);
  }

  get(insecure: boolean, proxied: boolean): Dispatcher {
    const viaProxy = proxied && this.proxyConfigured;
    const key = `${insecure ? 'insecure' : 'verified'}-${viaProxy ? 'proxy' : 'direct'}`;
    let dispatcher = this.#made.get(key);
    if (!dispatcher) {
      dispatcher = viaProxy ? this.#proxyAgent(insecure) : this.#directAgent(insecure);
      this.#made.set(key, dispatcher);
    }
    return dispatcher;
  }

  async close(): Promise<void> {
    await Promise.all([...this.#made.values()].map((d) => d.close()));
    this.#made.clear();
  }

  #tls(insecure: boolean): TlsSettings {
    return this.#secureContext ? { rejectUnauthorized: !insecure, secureContext: this.#secureContext } : { rejectUnauthorized: !insecure };
  }

  #agentOptions(insecure: boolean) {
    const { policy, dial, timeoutMs } = this.#options;
    return {
      connect: createGuardedConnector(policy, insecure, dial(this.#tls(insecure))),
      // Backstops only: the service's own deadline covers the whole fetch and fires first.
      headersTimeout: timeoutMs + 1_000,
      bodyTimeout: timeoutMs + 1_000,
      allowH2: false,
    };
  }

  #directAgent(insecure: boolean): Dispatcher {
    return new Agent(this.#agentOptions(insecure));
  }

  #proxyAgent(insecure: boolean): Dispatcher {
    const { dial, proxy = {} } = this.#options;
    const toProxy = dial(this.#tls(false));
    const proxyHrefs = new Set([this.#proxies.http, this.#proxies.https].flatMap((p) => (p ? [new URL(p).href] : [])));
    return new EnvHttpProxyAgent({
      ...this.#agentOptions(insecure),
      ...(this.#proxies.http ? { httpProxy: this.#proxies.http } : {}),
      ...(this.#proxies.https ? { httpsProxy: this.#proxies.https } : {}),
      ...(proxy.noProxy !== undefined ? { noProxy: proxy.noProxy } : {}),
      requestTls: this.#tls(insecure),
      proxyTls: this.#tls(false),
      // Connections to the proxy (the CONNECT tunnel, and plain-HTTP forwarding, which undici builds with
      // the proxy's href as origin) use the dial too, so a test's loopback wall also holds for them.
      clientFactory: (origin: URL, opts: object) => new Pool(origin, { ...opts, connect: toProxy }),
      factory: (origin: string | URL, opts: object) =>
        new Pool(origin, typeof origin === 'string' && proxyHrefs.has(origin) ? { ...opts, connect: toProxy } : opts),
    });
  }
}
