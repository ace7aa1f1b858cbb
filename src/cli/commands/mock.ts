import { randomBytes } from 'node:crypto';
import { Command, Option } from 'commander';
import { FETCH_SERVICE_DEFAULTS as defaultMockLimits } from '../../fetch-service/core/FETCH_SERVICE_DEFAULTS.ts';
import type { FarmInfo } from '../../../mocks/origin/FarmRoute.ts';
import { demoAccount } from '../../../mocks/meeting-platform/demoAccount.ts';
import { demoSeed } from '../../../mocks/meeting-platform/demoSeed.ts';
import { needsDoubleEncoding } from '../../meeting-platform/encodeMeetingId.ts';
import { credentialEnv, credentialsFromEnv, type MeetingCredentials } from '../../harness/meetingCredentials.ts';
import { untilStopped } from '../untilStopped.ts';
import { UsageError } from '../UsageError.ts';
import { numberRules } from '../../harness/numberRules.ts';
import { numberOption, parseHttpUrl } from '../parseOptions.ts';

type Env = Record<string, string | undefined>;

/** Where the meeting-platform mock's signing key comes from when --secret is not given. */
const mockSecretEnv = 'CONFORM_MOCK_SECRET';

/** Options every mock takes, plus the service's own (by commander's camelCase names). */
export interface MockOptions {
  host: string;
  port: number;
  [option: string]: unknown;
}

export interface StartedMock {
  /** Printed once the mock listens: where it is and how to point a client or suite at it. */
  banner: string;
  close(): Promise<void>;
}

/**
 * One servable mock. `conform mock SERVICE` gets its subcommand, options, help and start from here, so
 * another mock is one more entry in `mockServices`.
 */
export interface MockService {
  summary: string;
  defaultPort: number;
  /** Options of this service only, beyond --host and --port. */
  options?: () => Option[];
  /** Shown after the options in --help: what the mock would start with in this environment. */
  help(env: Env): string;
  start(options: MockOptions, env: Env): Promise<StartedMock>;
}

export const mockServices: Record<string, MockService> = {
  'meeting-platform': {
    summary: 'the meeting platform: token endpoint and /v2 API on one port, with demo users and meetings',
    defaultPort: 4010,
    options: () => [
      numberOption('--latency <ms>', 'delay every answer by MS milliseconds', numberRules.fromZero).default(0),
      numberOption('--error-rate <r>', 'answer this share of requests (0..1) with 503', numberRules.ratio).default(0),
      numberOption('--rate-limit <n>', 'API requests per second per account before 429 (0 = none)', numberRules.fromZero).default(0),
      new Option('--wrong-address', 'answer everything with the HTML page a wrong address gets'),
      new Option('--secret <text>', `key that signs access tokens and page tokens (default $${mockSecretEnv}, else random per process)`).argParser(parseSecret),
    ],
    help: meetingPlatformHelp,
    start: startMeetingPlatform,
  },
  'fetch-service': {
    summary: 'the page-fetch service: POST /v1/fetch answered without a network, pages from the origin farm\'s routes',
    defaultPort: 4020,
    options: () => [
      new Option('--origin-url <url>', 'a running origin farm (conform origin) whose URLs are answered in memory too').argParser(parseHttpUrl),
      numberOption('--timeout-ms <n>', 'fetch timeout', numberRules.count).default(defaultMockLimits.timeoutMs),
      numberOption('--max-bytes <n>', 'largest fetched body before 502', numberRules.count).default(defaultMockLimits.maxBytes),
      numberOption('--max-concurrency <n>', 'fetches in flight per key before 429', numberRules.count).default(defaultMockLimits.maxConcurrency),
      numberOption('--latency <ms>', 'delay every answer by MS milliseconds', numberRules.fromZero).default(0),
    ],
    help: () =>
      [
        'The key is $SVC_API_KEY when set (never printed), else a demo key generated at start and printed.',
        'Nothing is fetched over the network. URLs on the virtual origin farm (http://origin.conform.invalid,',
        'https://origin.conform.invalid, https://expired.origin.conform.invalid, https://wrong-host.origin.conform.invalid),',
        'and on the farm given by --origin-url, are answered from the farm\'s own routes: pages with their',
        'encodings, redirects, bad certificates (502), /big and /gzip-bomb (502), /slow/* past the timeout (504).',
        'Any error on purpose: the header "Prefer: code=429", or the URL https://status.conform.invalid/504.',
        'Loopback and private destinations are refused (403; 400 with allowInsecureSsl); other URLs get a stand-in page.',
        'To run `conform run fetch-service` against it, give both the same farm with --origin-url.',
      ].join('\n'),
    start: startFetchServiceMockCommand,
  },
};

export function registerMock(program: Command): void {
  const mock = program
    .command('mock')
    .summary('serve a spec-derived mock over HTTP until SIGINT or SIGTERM')
    .description(`Serves a mock of one service on loopback (by default) until SIGINT, SIGTERM or SIGHUP, or until the\nprocess that started it (npx) is gone.\nSERVICE: ${Object.keys(mockServices).join(' | ')}`);
  for (const [name, service] of Object.entries(mockServices)) {
    const sub = mock
      .command(name)
      .summary(service.summary)
      .description(service.summary)
      .addOption(numberOption('--port <n>', 'port to listen on (0 = a free one)', numberRules.port).default(service.defaultPort))
      .addOption(new Option('--host <address>', 'address to listen on').default('127.0.0.1'));
    for (const option of service.options?.() ?? []) sub.addOption(option);
    sub.addHelpText('after', () => `\n${service.help(process.env)}`).action(async (options: MockOptions) => {
      // Listening for the stop before anything starts: a signal while it starts, or right after the
      // banner is printed, still closes it cleanly.
      const stopped = untilStopped();
      await runMock(service, options, process.env, (text) => process.stdout.write(text), () => stopped);
    });
  }
}

/** Starts the mock, prints its banner, and closes it once `untilStop` resolves. */
export async function runMock(service: MockService, options: MockOptions, env: Env, write: (text: string) => void, untilStop: () => Promise<unknown>): Promise<void> {
  const started = await service.start(options, env);
  write(started.banner);
  await untilStop();
  await started.close();
}

/** The account the meeting-platform mock serves: the environment's when set, else its demo account. */
function meetingAccount(env: Env): { account: MeetingCredentials; fromEnv: boolean } {
  const fromEnv = credentialsFromEnv(env);
  if (fromEnv.kind === 'partial') {
    throw new UsageError(`set all of ${Object.values(credentialEnv).map((v) => `$${v}`).join(', ')} or none (missing ${fromEnv.missing.join(', ')})`);
  }
  return fromEnv.kind === 'complete' ? { account: fromEnv.credentials, fromEnv: true } : { account: { ...demoAccount }, fromEnv: false };
}

/** Account lines; a secret from the environment is never printed, the demo secret is the mock's own. */
function accountLines(account: MeetingCredentials, fromEnv: boolean): string[] {
  const source = fromEnv ? 'from the environment' : 'the demo account (set $MEETING_CLIENT_ID, $MEETING_CLIENT_SECRET, $MEETING_ACCOUNT_ID to serve your own)';
  return [
    `account: ${source}`,
    `  client id      ${account.clientId}`,
    `  client secret  ${fromEnv ? `(from $${credentialEnv.clientSecret}, not shown)` : account.clientSecret}`,
    `  account id     ${account.accountId}`,
  ];
}

function dataLines(accountId: string): string[] {
  const seed = demoSeed([{ accountId }], Date.now());
  const [owner, colleague] = seed.users;
  const owned = seed.meetings.filter((m) => m.host_id === owner?.id);
  const double = owned.filter((m) => needsDoubleEncoding(m.uuid)).map((m) => m.uuid);
  const slashOrPlus = owned.filter((m) => !needsDoubleEncoding(m.uuid) && /[/+]/.test(m.uuid)).length;
  return [
    `data: ${seed.users.length} users, ${seed.meetings.length} meetings (start times relative to now)`,
    `  "me" is ${owner?.email} with ${owned.length} meetings (default page_size 30, max 300)`,
    `  ${colleague?.email} hosts ${seed.meetings.length - owned.length} more, fetchable by id within the account`,
    `  UUIDs found only when percent-encoded twice (they start with "/" or contain "//"): ${double.join('  ')}`,
    `  ${slashOrPlus} more UUIDs hold a lone "/" or "+": percent-encode them once`,
  ];
}

function meetingPlatformHelp(env: Env): string {
  let lines: string[];
  try {
    const { account, fromEnv } = meetingAccount(env);
    lines = [...accountLines(account, fromEnv), '', ...dataLines(account.accountId)];
  } catch (err) {
    lines = [`account: ${err instanceof Error ? err.message : String(err)}`];
  }
  return [
    'Token endpoint POST /oauth/token (Basic client auth, form grant_type=account_credentials&account_id=...)',
    'and the API under /v2 share one port, so the auth URL and the API base URL are both http://HOST:PORT.',
    'Unknown paths answer with an HTML 404 page, as a wrong address does on the real platform.',
    '',
    ...lines,
  ].join('\n');
}

async function startMeetingPlatform(options: MockOptions, env: Env): Promise<StartedMock> {
  const { account, fromEnv } = meetingAccount(env);
  // Loaded here, not at the top: msw and @mswjs/data take a second to load, and every other command
  // (and `--help`) would pay for it.
  const { startMeetingPlatformServer } = await import('../../../mocks/meeting-platform/startMeetingPlatformServer.ts');
  const secret = typeof options.secret === 'string' ? options.secret : env[mockSecretEnv] || undefined;
  const server = await startMeetingPlatformServer({
    host: options.host,
    port: options.port,
    accounts: [account],
    secret,
    scenario: {
      latencyMs: Number(options.latency ?? 0),
      errorRate: Number(options.errorRate ?? 0),
      rateLimitPerSecond: Number(options.rateLimit ?? 0),
      wrongAddress: Boolean(options.wrongAddress),
    },
  }).catch((err: unknown) => {
    const { code, message } = err as NodeJS.ErrnoException;
    throw new UsageError(`cannot listen on ${options.host}:${options.port}: ${code ?? message}`);
  });
  const url = server.url;
  const envPrefix = fromEnv ? '' : `${credentialEnv.clientId}=${account.clientId} ${credentialEnv.clientSecret}=${account.clientSecret} ${credentialEnv.accountId}=${account.accountId} `;
  const banner = [
    `meeting-platform mock listening on ${url}`,
    `  auth URL      ${url}   (POST /oauth/token)`,
    `  API base URL  ${url}   (/v2/users/me, /v2/users/me/meetings, /v2/meetings/{meetingId})`,
    ...accountLines(account, fromEnv),
    secret
      ? `tokens: signed with the secret from ${typeof options.secret === 'string' ? '--secret' : `$${mockSecretEnv}`} (not shown); mocks with the same secret accept each other's`
      : `tokens: signed with a random secret of this process (set $${mockSecretEnv} to share one across processes)`,
    '',
    'Run the conformance suite against it:',
    `  ${envPrefix}conform run meeting-platform --auth-url ${url} --api-base-url ${url}`,
    'Stop with Ctrl+C.',
    '',
  ].join('\n');
  return { banner, close: server.close };
}

async function startFetchServiceMockCommand(options: MockOptions, env: Env): Promise<StartedMock> {
  const demoKey = env.SVC_API_KEY ? undefined : `conform-demo-${randomBytes(12).toString('hex')}`;
  const farm = typeof options.originUrl === 'string' ? await readFarmInfo(options.originUrl) : undefined;
  const limits = { timeoutMs: Number(options.timeoutMs), maxBytes: Number(options.maxBytes), maxConcurrency: Number(options.maxConcurrency) };
  const { startFetchServiceMock } = await import('../../../mocks/fetch-service/startFetchServiceMock.ts');
  const server = await startFetchServiceMock({ host: options.host, port: options.port, apiKeys: [env.SVC_API_KEY ?? demoKey!], farm, limits, latencyMs: Number(options.latency ?? 0) }).catch(
    (err: unknown) => {
      const { code, message } = err as NodeJS.ErrnoException;
      throw new UsageError(`cannot listen on ${options.host}:${options.port}: ${code ?? message}`);
    },
  );
  const url = server.url;
  const keyPrefix = demoKey ? `SVC_API_KEY=${demoKey} ` : '';
  const banner = [
    `fetch-service mock listening on ${url}`,
    `  POST ${url}/v1/fetch with X-SVC-API-Key`,
    demoKey ? `  key: ${demoKey} (a demo key; set $SVC_API_KEY to use your own)` : '  key: from $SVC_API_KEY (not shown)',
    `  limits: ${limits.timeoutMs / 1000} s timeout, ${limits.maxBytes} bytes, ${limits.maxConcurrency} fetches at once per key`,
    `  origin farm: http://origin.conform.invalid (virtual)${farm ? ` and ${farm.httpUrl}` : ''}`,
    '',
    'Try:',
    `  curl -sS -X POST ${url}/v1/fetch -H ${demoKey ? `'X-SVC-API-Key: ${demoKey}'` : '"X-SVC-API-Key: $SVC_API_KEY"'} -H 'Content-Type: application/json' \\`,
    `    --data-raw '{"url":"http://origin.conform.invalid/page/windows-1252"}'`,
    ...(farm ? ['Run the conformance suite against it:', `  ${keyPrefix}conform run fetch-service --base-url ${url} --origin-url ${farm.httpUrl} --fetch-timeout ${limits.timeoutMs / 1000}`] : []),
    'Stop with Ctrl+C.',
    '',
  ].join('\n');
  return { banner, close: server.close };
}

/** The listeners of a running origin farm, from its /__farm/info. */
async function readFarmInfo(originUrl: string): Promise<FarmInfo> {
  try {
    const response = await fetch(`${originUrl}/__farm/info`, { signal: AbortSignal.timeout(5000) });
    if (response.ok) return (await response.json()) as FarmInfo;
  } catch {
    // Reported below: the farm is not there.
  }
  throw new UsageError(`--origin-url ${originUrl} is not a running origin farm (GET /__farm/info failed); start one with: conform origin`);
}

function parseSecret(value: string): string {
  if (value === '') throw new UsageError('--secret must not be empty');
  return value;
}

