import { Command, Option } from 'commander';
import { FETCH_SERVICE_DEFAULTS } from '../../fetch-service/core/FETCH_SERVICE_DEFAULTS.ts';
import { parseAllowHost } from '../../fetch-service/HostAllowlist.ts';
import type { RunningFetchService, StartOptions } from '../../fetch-service/startFetchService.ts';
import { untilStopped } from '../untilStopped.ts';
import { UsageError } from '../UsageError.ts';
import { numberRules } from '../../harness/options/numberRules.ts';
import { numberOption, parseHttpUrl } from '../parseOptions.ts';

type Env = Record<string, string | undefined>;

/** `conform serve fetch-service` options, by commander's camelCase names. */
export interface ServeFetchServiceOptions {
  port: number;
  host: string;
  apiKey: string[];
  allowHost: string[];
  /** A running origin farm to admit: its listeners allowlisted, its CA trusted. */
  originUrl?: string;
  timeoutMs: number;
  maxBytes: number;
  maxConcurrency: number;
}

export const DEFAULT_SERVE_PORT = 8080;

function repeatable<T>(parse: (value: string) => T) {
  return (value: string, previous: T[]): T[] => [...previous, parse(value)];
}

function parseAllowHostFlag(value: string): string {
  try {
    parseAllowHost(value);
  } catch (err) {
    throw new UsageError(`--allow-host ${err instanceof Error ? err.message : String(err)}`);
  }
  return value;
}

function parseApiKeyFlag(value: string): string {
  // The key itself is never quoted back: it may be a real one with a stray character.
  if (value.length === 0) throw new UsageError('--api-key needs a non-empty key');
  return value;
}

const helpText = `
API keys: every --api-key, or else $SVC_API_KEY. With none the service does not start (exit 2): it
never runs open. Keys are compared in constant time and never logged; the log names a key by its
position (key 1, key 2, ...).

Destinations: loopback, private, link-local (cloud metadata included), CGNAT, multicast, reserved and
unspecified addresses, and IPv4 carried in IPv6, are refused (403) in every spelling and on every
redirect hop, checked on the address actually dialled. --allow-host admits a host the operator vouches
for: HOST admits it on every port, HOST:PORT ([::1]:PORT for IPv6) on that port only, and with
allowInsecureSsl. A local origin farm on 127.0.0.1 is admitted port by port, so the rest of loopback
stays refused:
  conform serve fetch-service --api-key "$SVC_API_KEY" --allow-host 127.0.0.1:8081 --allow-host 127.0.0.1:8443

Origin farm: --origin-url URL admits the farm running there (conform origin) in one flag, for the
fetch suite: it reads URL/__farm/info at start, allows each of its listeners (HOST:PORT, as the info
names them: their public URLs when the farm has them) and trusts the farm's CA. The farm must be up
first; with none there the service does not start (exit 2):
  conform origin --port 8081 --tls-port 8443 --expired-tls-port 8444 --wrong-host-tls-port 8445 &
  conform serve fetch-service --origin-url http://127.0.0.1:8081
  conform run fetch-service --base-url http://127.0.0.1:8080 --origin-url http://127.0.0.1:8081

Proxy: requests with "proxies": true go through $HTTP_PROXY / $HTTPS_PROXY (minus $NO_PROXY); without
them such requests go direct. Extra trusted CAs: $NODE_EXTRA_CA_CERTS.

Output: the base URL on stdout once listening; JSON lines on stderr (access log and lifecycle).
SIGTERM or SIGINT stops taking requests and lets fetches in flight finish, each within its own timeout;
a second signal stops at once.`;

export function registerServe(program: Command, env: Env = process.env): void {
  const serve = program
    .command('serve')
    .summary('run a reference implementation until SIGINT or SIGTERM')
    .description('Runs the reference implementation of a service.\nSERVICE: fetch-service');
  serve
    .command('fetch-service')
    .summary('the reference page-fetch service: POST /v1/fetch')
    .description('The reference page-fetch service (seed fetch-service.md), hardened for a public deployment.')
    .addOption(numberOption('--port <n>', 'port to listen on (0 = a free one)', numberRules.port).default(DEFAULT_SERVE_PORT))
    .addOption(new Option('--host <address>', 'address to listen on').default('127.0.0.1'))
    .addOption(new Option('--api-key <key>', 'an issued API key (repeatable)').argParser(repeatable(parseApiKeyFlag)).default([], '$SVC_API_KEY'))
    .addOption(
      new Option('--allow-host <host>', 'admit HOST or HOST:PORT despite the SSRF rules (repeatable)')
        .argParser(repeatable(parseAllowHostFlag))
        .default([], 'none'),
    )
    .addOption(new Option('--origin-url <url>', 'admit the origin farm running at URL: its listeners allowed, its CA trusted').argParser(parseHttpUrl))
    .addOption(numberOption('--timeout-ms <n>', 'fetch timeout in ms, at most 60000', numberRules.fetchTimeoutMs).default(FETCH_SERVICE_DEFAULTS.timeoutMs))
    .addOption(
      numberOption('--max-bytes <n>', 'largest fetched body, as received and decompressed', numberRules.count)
        .default(FETCH_SERVICE_DEFAULTS.maxBytes, `${FETCH_SERVICE_DEFAULTS.maxBytes} = 10 MiB`),
    )
    .addOption(
      numberOption('--max-concurrency <n>', 'concurrent fetches per API key before 429', numberRules.count).default(FETCH_SERVICE_DEFAULTS.maxConcurrency),
    )
    .addHelpText('after', helpText)
    .action(async (options: ServeFetchServiceOptions) => {
      // Listening for the stop before anything starts: a signal while it starts, or right after the
      // URL is printed, still closes it cleanly.
      const stopped = untilStopped();
      await runServeFetchService(options, env, (text) => process.stdout.write(text), () => stopped);
    });
}

/** The issued keys: flags first, the environment otherwise. */
export function apiKeysFrom(options: Pick<ServeFetchServiceOptions, 'apiKey'>, env: Env): string[] {
  if (options.apiKey.length > 0) return options.apiKey;
  return env.SVC_API_KEY ? [env.SVC_API_KEY] : [];
}

/** What admits the farm at `originUrl`: its listeners' HOST:PORT and its CA, from its /__farm/info. */
async function admittedFarm(originUrl: string): Promise<{ allowHosts: string[]; ca: string }> {
  const { farmInfoBounds, readFarmInfo } = await import('../../exchange/farmInfo.ts');
  const { farmAllowHosts } = await import('../../../mocks/origin/farmAllowHosts.ts');
  const info = await readFarmInfo(originUrl, farmInfoBounds).catch(() => undefined);
  if (!info) throw new UsageError(`--origin-url ${originUrl} is not a running origin farm (GET /__farm/info failed); start it first: conform origin`);
  return { allowHosts: farmAllowHosts(info), ca: info.ca };
}

/**
 * Starts the service, prints its URL, waits for `untilStop`, then closes gracefully. `extra` lets tests
 * hand in a stub resolver, a loopback-only dial or a log collector.
 */
export async function runServeFetchService(
  options: ServeFetchServiceOptions,
  env: Env,
  write: (text: string) => void,
  untilStop: (running: RunningFetchService) => Promise<unknown>,
  extra: Partial<StartOptions> = {},
): Promise<void> {
  const apiKeys = apiKeysFrom(options, env);
  if (apiKeys.length === 0) {
    throw new UsageError('no API key configured: pass --api-key KEY or set SVC_API_KEY (the service does not run open)');
  }
  const farm = options.originUrl === undefined ? undefined : await admittedFarm(options.originUrl);
  const { startFetchService } = await import('../../fetch-service/startFetchService.ts');
  const running = await startFetchService({
    host: options.host,
    port: options.port,
    apiKeys,
    allowHosts: [...options.allowHost, ...(farm?.allowHosts ?? [])],
    ...(farm ? { trustedCa: [farm.ca] } : {}),
    timeoutMs: options.timeoutMs,
    maxBytes: options.maxBytes,
    maxConcurrency: options.maxConcurrency,
    ...extra,
  }).catch((err: unknown) => {
    const { code, message } = err as NodeJS.ErrnoException;
    throw new UsageError(`cannot listen on ${options.host}:${options.port}: ${code ?? message}`);
  });
  write(`${running.url}\n`);
  await untilStop(running);
  await running.close();
}

