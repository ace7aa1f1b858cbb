import { Command, Option } from 'commander';
import { FETCH_SERVICE_DEFAULTS as defaultMockLimits } from '../../fetch-service/core/FETCH_SERVICE_DEFAULTS.ts';
import { credentialEnv, type MeetingCredentials } from '../../meeting-platform/core/meetingCredentials.ts';
import type { StartedFetchServiceMock } from '../../../mocks/fetch-service/startFetchServiceMockFromEnv.ts';
import { describeDemoData } from '../../../mocks/meeting-platform/describeDemoData.ts';
import { mockAccountFromEnv } from '../../../mocks/meeting-platform/mockAccountFromEnv.ts';
import type { StartedMeetingPlatform } from '../../../mocks/meeting-platform/startMeetingPlatformFromEnv.ts';
import { MockStartError } from '../../../mocks/MockStartError.ts';
import { mockSecretEnv } from '../../../mocks/signingKey.ts';
import { clientReportPath } from '../../../mocks/judgedRouteTable.ts';
import { livePagePath } from '../../client/livePage.ts';
import { numberRules } from '../../harness/options/numberRules.ts';
import type { ReportFile } from '../../verdict/reportFiles.ts';
import type { RunReport } from '../../verdict/RunReport.ts';
import { numberOption, parseHttpUrl } from '../parseOptions.ts';
import { reportOption } from '../reportOptions.ts';
import { asUsageError } from '../asUsageError.ts';
import { untilStopped } from '../untilStopped.ts';
import { judgedSummary, refuseUnwritable, writeJudgedReports } from '../judgedReports.ts';
import { UsageError } from '../UsageError.ts';

type Env = Record<string, string | undefined>;

/** Options every mock takes. */
interface ListenOptions {
  host: string;
  port: number;
  /** `--client-report FORMAT=PATH`: the client report written when the mock stops. */
  clientReport?: ReportFile[];
}

/** `conform mock meeting-platform` options, by commander's camelCase names. */
interface MeetingPlatformMockOptions extends ListenOptions {
  latency: number;
  errorRate: number;
  rateLimit: number;
  wrongAddress?: boolean;
  awkwardPageTokens?: boolean;
  secret?: string;
  maxAccounts: number;
  data?: string;
  meetings: number;
}

/** `conform mock fetch-service` options, by commander's camelCase names. */
export interface FetchServiceMockFlags extends ListenOptions {
  originUrl?: string;
  timeoutMs: number;
  maxBytes: number;
  maxConcurrency: number;
  latency: number;
  /** `--pages FILE`: pages served from the start. */
  pages?: string;
  /** `--max-keys N`; commander gives the default. */
  maxKeys?: number;
}

const meetingPlatformSummary = 'the meeting platform: token endpoint and /v2 API on one port, with demo users and meetings';
const fetchServiceSummary = "the page-fetch service: POST /v1/fetch answered without a network, pages from the origin farm's routes";

const fetchServiceHelp = [
  'The key is $SVC_API_KEY when set (never printed), else a demo key generated at start and printed.',
  'Nothing is fetched over the network. URLs on the virtual origin farm (http://origin.conform.invalid,',
  'https://origin.conform.invalid, https://expired.origin.conform.invalid, https://wrong-host.origin.conform.invalid),',
  "and on the farm given by --origin-url, are answered from the farm's own routes: pages with their",
  'encodings, redirects, bad certificates (502), /big and /gzip-bomb (502), /slow/* past the timeout (504).',
  'Any error on purpose: the header "Prefer: code=429", or the URL https://status.conform.invalid/504.',
  'Loopback and private destinations are refused (403; 400 with allowInsecureSsl); other URLs get a stand-in page.',
  'To run `conform run fetch-service` against it, give both the same farm with --origin-url.',
  'Tests drive it over HTTP under /__conform/ (specs/fetch-mock-control.openapi.yaml): pages at any URL',
  '(PUT/POST/GET/DELETE /__conform/pages), scenario, one-shot faults, reset, journal.',
].join('\n');

export function registerMock(program: Command): void {
  const mock = program
    .command('mock')
    .summary('serve a spec-derived mock over HTTP until SIGINT or SIGTERM')
    .description(`Serves a mock of one service on loopback (by default) until SIGINT, SIGTERM or SIGHUP, or until the\nprocess that started it (npx) is gone.\nSERVICE: meeting-platform | fetch-service`);

  mockCommand(mock, 'meeting-platform', meetingPlatformSummary, 4010)
    .addOption(numberOption('--latency <ms>', 'delay every answer by MS milliseconds (decided on arrival: --rate-limit counts a call in the second it came)', numberRules.fromZero).default(0))
    .addOption(numberOption('--error-rate <r>', 'answer this share of requests (0..1) with 503', numberRules.ratio).default(0))
    .addOption(numberOption('--rate-limit <n>', 'API requests per second per account before 429 (0 = none)', numberRules.fromZero).default(0))
    .addOption(new Option('--wrong-address', 'answer everything with the HTML page a wrong address gets'))
    .addOption(new Option('--awkward-page-tokens', 'next_page_tokens holding "+", "/" and "=": a client that does not send one back exactly as received fails to page'))
    .addOption(new Option('--secret <text>', `key that signs access tokens and page tokens (default $${mockSecretEnv}, else random per process)`).argParser(parseSecret))
    .addOption(numberOption('--max-accounts <n>', 'accounts POST /__conform/accounts keeps at once; one more evicts the account idle the longest (never the default one)', numberRules.count).default(100))
    .addOption(new Option('--data <file>', 'users and meetings to start with instead of the demo data: {"users": [...], "meetings": [...]}, JSON or YAML (.yaml/.yml), each record the platform\'s User or Meeting'))
    .addOption(numberOption('--meetings <n>', 'meetings generated for every user on top of the data (deterministic; start times around now, past and future)', { whole: true, min: 0, max: 10_000 }).default(0))
    .addHelpText('after', () => `\n${meetingPlatformHelp(process.env)}`)
    .action(async (options: MeetingPlatformMockOptions) => {
      // Listening for the stop before anything starts: a signal while it starts, or right after the
      // banner is printed, still closes it cleanly.
      const stopped = untilStopped();
      await runMeetingPlatformMock(options, process.env, (text) => process.stdout.write(text), () => stopped);
    });

  mockCommand(mock, 'fetch-service', fetchServiceSummary, 4020)
    .addOption(new Option('--origin-url <url>', 'a running origin farm (conform origin) whose URLs are answered in memory too').argParser(parseHttpUrl))
    .addOption(numberOption('--timeout-ms <n>', 'fetch timeout', numberRules.count).default(defaultMockLimits.timeoutMs))
    .addOption(numberOption('--max-bytes <n>', 'largest fetched body before 502', numberRules.count).default(defaultMockLimits.maxBytes))
    .addOption(numberOption('--max-concurrency <n>', 'fetches in flight per key before 429', numberRules.count).default(defaultMockLimits.maxConcurrency))
    .addOption(numberOption('--latency <ms>', 'delay every answer by MS milliseconds (a fetch holds its --max-concurrency slot meanwhile)', numberRules.fromZero).default(0))
    .option('--pages <file>', 'serve the pages in FILE from the start ({"pages": [...]}, JSON or .yaml; as PUT /__conform/pages takes them)')
    .addOption(numberOption('--max-keys <n>', 'keys POST /__conform/keys keeps at once; one more evicts the key idle the longest (never the key the mock started with)', numberRules.count).default(100)) // defaultMaxKeys of mocks/fetch-service/fetchMockKeys.ts, which loads the control document: not for --help
    .addHelpText('after', `\n${fetchServiceHelp}`)
    .action(async (options: FetchServiceMockFlags) => {
      const stopped = untilStopped();
      await runFetchServiceMock(options, process.env, (text) => process.stdout.write(text), () => stopped);
    });
}

/** `conform mock NAME` with the options every mock takes. */
function mockCommand(mock: Command, name: string, summary: string, defaultPort: number): Command {
  return mock
    .command(name)
    .summary(summary)
    .description(summary)
    .addOption(numberOption('--port <n>', 'port to listen on (0 = a free one)', numberRules.port).default(defaultPort))
    .addOption(new Option('--host <address>', 'address to listen on').default('127.0.0.1'))
    .addOption(reportOption(false, '--client-report', 'when the mock stops, write how its client did against the client clauses (GET /__conform/client-report while it runs)'));
}

/** Starts the meeting-platform mock, prints its banner, and closes it once `untilStop` resolves. */
async function runMeetingPlatformMock(options: MeetingPlatformMockOptions, env: Env, write: (text: string) => void, untilStop: () => Promise<unknown>): Promise<void> {
  // Loaded here, not at the top: msw and @mswjs/data take a second to load, and every other command
  // (and `--help`) would pay for it.
  const { startMeetingPlatformFromEnv } = await import('../../../mocks/meeting-platform/startMeetingPlatformFromEnv.ts');
  const { host, port, secret, latency, errorRate, rateLimit, wrongAddress, awkwardPageTokens, maxAccounts, data, meetings, clientReport = [] } = options;
  const scenario = { latencyMs: latency, errorRate, rateLimitPerSecond: rateLimit, wrongAddress: Boolean(wrongAddress), awkwardPageTokens: Boolean(awkwardPageTokens) };
  await runMock(() => startMeetingPlatformFromEnv({ host, port, scenario, maxAccounts, generatedMeetings: meetings, ...(data !== undefined && { dataFile: data }), ...(secret !== undefined && { secret }) }, env), meetingPlatformBanner, write, untilStop, clientReport);
}

/** Starts the fetch-service mock, prints its banner, and closes it once `untilStop` resolves. */
export async function runFetchServiceMock(options: FetchServiceMockFlags, env: Env, write: (text: string) => void, untilStop: () => Promise<unknown>): Promise<void> {
  const { startFetchServiceMockFromEnv } = await import('../../../mocks/fetch-service/startFetchServiceMockFromEnv.ts');
  const { readPagesFile } = await import('../../../mocks/fetch-service/readPagesFile.ts');
  const { host, port, originUrl, timeoutMs, maxBytes, maxConcurrency, latency, pages: pagesFile, maxKeys, clientReport = [] } = options;
  const limits = { timeoutMs, maxBytes, maxConcurrency };
  let pages: Awaited<ReturnType<typeof readPagesFile>> | undefined;
  const start = async () => {
    pages = pagesFile === undefined ? undefined : await readPagesFile(pagesFile);
    return startFetchServiceMockFromEnv({ host, port, limits, latencyMs: latency, ...(originUrl !== undefined && { originUrl }), ...(pages && { pages }), ...(maxKeys !== undefined && { maxKeys }) }, env);
  };
  await runMock(start, (started) => fetchServiceBanner(started, limits, pages && { file: pagesFile!, count: pages.length }), write, untilStop, clientReport);
}

/**
 * Starts a mock (a MockStartError is a usage error: one line, exit 2), prints its banner, and closes it
 * once `untilStop` resolves; then says how its client did, and writes the client report files. A report
 * file that cannot be written is a usage error before the mock starts.
 */
async function runMock<T extends { url: string; close(): Promise<void>; clientReport(): RunReport }>(
  start: () => Promise<T>,
  banner: (started: T) => string,
  write: (text: string) => void,
  untilStop: () => Promise<unknown>,
  reports: readonly ReportFile[],
): Promise<void> {
  await refuseUnwritable(reports, '--client-report');
  const started = await start().catch(asUsageError(MockStartError));
  write(`${banner(started)}Its client is judged against the client clauses: GET ${started.url}${clientReportPath} while it runs${reports.length ? ', the --client-report files when it stops' : ''}.\nlive: ${started.url}${livePagePath}\n`);
  await untilStop();
  await started.close();
  // The session is over: a walk left with a token pending stopped.
  const report = started.clientReport();
  write(`${judgedSummary('client report', report.checks)}\n`);
  await writeJudgedReports(report, reports, 'client report', write);
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

/** Shown after the options in --help: what the mock would start with in this environment. */
function meetingPlatformHelp(env: Env): string {
  let lines: string[];
  try {
    const { account, fromEnv } = mockAccountFromEnv(env);
    lines = [...accountLines(account, fromEnv), '', ...describeDemoData(account.accountId)];
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

/** Printed once the mock listens: where it is and how to point a client or the suite at it. */
function meetingPlatformBanner({ url, account, accountFromEnv, secretFrom, data }: StartedMeetingPlatform): string {
  const envPrefix = accountFromEnv ? '' : `${credentialEnv.clientId}=${account.clientId} ${credentialEnv.clientSecret}=${account.clientSecret} ${credentialEnv.accountId}=${account.accountId} `;
  return [
    `meeting-platform mock listening on ${url}`,
    `  auth URL      ${url}   (POST /oauth/token)`,
    `  API base URL  ${url}   (/v2/users/me, /v2/users/me/meetings, /v2/meetings/{meetingId})`,
    ...accountLines(account, accountFromEnv),
    `data: ${data.users} users, ${data.meetings} meetings from ${data.from}${data.generated ? ` (${data.generated} of them generated by --meetings)` : ''}`,
    `control: ${url}/__conform/   (reset, clock, scenario, faults, data, users, meetings: specs/mock-control.openapi.yaml)`,
    secretFrom
      ? `tokens: signed with the secret from ${secretFrom === 'given' ? '--secret' : `$${mockSecretEnv}`} (not shown); mocks with the same secret accept each other's`
      : `tokens: signed with a random secret of this process (set $${mockSecretEnv} to share one across processes)`,
    '',
    'Run the conformance suite against it:',
    `  ${envPrefix}conform run meeting-platform --auth-url ${url} --api-base-url ${url}`,
    'Stop with Ctrl+C.',
    '',
  ].join('\n');
}

/** Printed once the mock listens: where it is, its key, and how to try it. */
function fetchServiceBanner({ url, demoKey, farm, controlUrl }: StartedFetchServiceMock, limits: { timeoutMs: number; maxBytes: number; maxConcurrency: number }, pages?: { file: string; count: number }): string {
  const keyPrefix = demoKey ? `SVC_API_KEY=${demoKey} ` : '';
  return [
    `fetch-service mock listening on ${url}`,
    `  POST ${url}/v1/fetch with X-SVC-API-Key`,
    demoKey ? `  key: ${demoKey} (a demo key; set $SVC_API_KEY to use your own)` : '  key: from $SVC_API_KEY (not shown)',
    `  limits: ${limits.timeoutMs / 1000} s timeout, ${limits.maxBytes} bytes, ${limits.maxConcurrency} fetches at once per key`,
    `  origin farm: http://origin.conform.invalid (virtual)${farm ? ` and ${farm.httpUrl}` : ''}`,
    ...(pages ? [`  pages: ${pages.count} loaded from ${pages.file}`] : []),
    `  control: ${controlUrl}`,
    '',
    'Try:',
    `  curl -sS -X POST ${url}/v1/fetch -H ${demoKey ? `'X-SVC-API-Key: ${demoKey}'` : '"X-SVC-API-Key: $SVC_API_KEY"'} -H 'Content-Type: application/json' \\`,
    `    --data-raw '{"url":"http://origin.conform.invalid/page/windows-1252"}'`,
    ...(farm ? ['Run the conformance suite against it:', `  ${keyPrefix}conform run fetch-service --base-url ${url} --origin-url ${farm.httpUrl} --fetch-timeout ${limits.timeoutMs / 1000}`] : []),
    'Stop with Ctrl+C.',
    '',
  ].join('\n');
}

function parseSecret(value: string): string {
  if (value === '') throw new UsageError('--secret must not be empty');
  return value;
}
