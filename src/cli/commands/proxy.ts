import { Command, Option } from 'commander';
import { credentialEnv } from '../../meeting-platform/core/meetingCredentials.ts';
import { numberRules } from '../../harness/options/numberRules.ts';
import type { ReportFile } from '../../verdict/reportFiles.ts';
import type { ProxiedSuite } from '../../proxy/createProxyJudge.ts';
import type { Recorder, RecorderOptions } from '../../proxy/Recorder.ts';
import { whyUnwritable } from '../../files/whyUnwritable.ts';
import { judgedSummary, refuseUnwritable, writeJudgedReports } from '../judgedReports.ts';
import { numberOption, parseHttpUrl } from '../parseOptions.ts';
import { reportOption } from '../reportOptions.ts';
import { livePagePath } from '../../client/livePage.ts';
import { untilStopped } from '../untilStopped.ts';
import { cannotListen } from '../../../mocks/MockStartError.ts';
import { UsageError } from '../UsageError.ts';

type Env = Record<string, string | undefined>;

/** `conform proxy SERVICE` options, by commander's camelCase names. */
export interface ProxyOptions {
  target: string;
  authTarget?: string;
  host: string;
  port: number;
  clientReport?: ReportFile[];
  /** Where to write what the deployment answered, as a mock's --data (meeting platform) or --pages (fetch service) file. */
  record?: string;
  anonymize?: boolean;
}

const description = [
  "Relays an app's traffic to a deployment unchanged, and judges both sides as it goes:",
  "the app's requests against the client clauses (MP-CLIENT-*, FS-CLIENT-*), the",
  "deployment's answers against every server clause its traffic can judge. Writes the",
  'report when it stops: SIGINT, SIGTERM, SIGHUP, or the process that started it gone.',
  'SERVICE: meeting-platform | fetch-service',
].join('\n');

const after = [
  'Every path is relayed but /__conform/, which is the proxy\'s own and never relayed: a',
  'live page there shows the report so far (/__conform/client-report, JSON); the report',
  '(clauses as rows, the deployment and the client as targets) is written when it stops.',
  'Nothing is added to what the deployment sees: no header, no request of its own (the',
  "hop-by-hop headers are the connection's, Host is the deployment's). Each exchange has",
  "conform run's bounds: 30 s for the answer's headers (the fetch service's 60 s fetch",
  'timeout on top), 60 s for its body, 64 MiB; no redirect is followed. A deployment that',
  'gives no answer within them gets the app a 502 saying why, and the report a finding.',
  'Secrets ($MEETING_CLIENT_SECRET, $SVC_API_KEY, and those the app sends) are shown as',
  'their variables.',
].join('\n');

export function registerProxy(program: Command): void {
  const proxy = program.command('proxy').summary("relay an app's traffic to a deployment and judge both sides until SIGINT or SIGTERM").description(description);

  proxyCommand(proxy, 'meeting-platform', 'the meeting platform: point the app\'s auth URL and API base URL at the proxy')
    .addOption(new Option('--auth-target <url>', "where token requests (POST /oauth/token) go: the deployment's auth URL (default: --target)").argParser(parseHttpUrl))
    .action(async (options: ProxyOptions) => {
      const stopped = untilStopped();
      await runProxy('meeting-platform', options, process.env, (text) => process.stdout.write(text), () => stopped);
    });

  proxyCommand(proxy, 'fetch-service', "the page-fetch service: point the app's base URL at the proxy").action(async (options: ProxyOptions) => {
    const stopped = untilStopped();
    await runProxy('fetch-service', options, process.env, (text) => process.stdout.write(text), () => stopped);
  });
}

function proxyCommand(proxy: Command, name: ProxiedSuite, summary: string): Command {
  const what = name === 'meeting-platform' ? "the deployment's API base URL (where /v2 lives)" : "the deployment's base URL (where /v1/fetch lives)";
  return proxy
    .command(name)
    .summary(summary)
    .description(summary)
    .addHelpText('after', `\n${after}`)
    .addOption(new Option('--target <url>', what).argParser(parseHttpUrl).makeOptionMandatory())
    .addOption(numberOption('--port <n>', 'port to listen on (0 = a free one)', numberRules.port).makeOptionMandatory())
    .addOption(new Option('--host <address>', 'address to listen on').default('127.0.0.1'))
    .addOption(reportOption(false, '--client-report', "when the proxy stops, write the report: the deployment's answers against the server clauses, the app's requests against the client clauses"))
    .addOption(new Option('--record <file>', recordHelp[name]))
    .addOption(new Option('--anonymize', 'with --record: names, e-mail addresses, topics and agendas replaced, the same one by the same replacement'));
}

/** What `--record` writes, per service: the file a mock serves the same account (or pages) from afterwards. */
const recordHelp: Record<ProxiedSuite, string> = {
  'meeting-platform': "when the proxy stops, write the users and meetings the deployment answered, secrets out, as a file for the meeting mock's --data FILE",
  'fetch-service': "when the proxy stops, write the pages the deployment fetched, secrets out, as a file for the fetch mock's --pages FILE",
};

/** Starts the proxy, prints where to point the app, and once `untilStop` resolves closes it and writes the report. */
export async function runProxy(suite: ProxiedSuite, options: ProxyOptions, env: Env, write: (text: string) => void, untilStop: () => Promise<unknown>): Promise<void> {
  const { target, authTarget, host, port, clientReport: reports = [], record, anonymize = false } = options;
  await refuseUnwritable(reports, '--client-report');
  if (anonymize && record === undefined) throw new UsageError('--anonymize applies to a recording: give --record FILE too');
  if (record !== undefined) {
    const reason = await whyUnwritable(record);
    if (reason) throw new UsageError(`--record ${record} cannot be written: ${reason}`);
  }
  // Loaded here, not at the top: the judges load the specs (ajv, yaml, undici), which every other
  // command (and `--help`) would pay for.
  const { startValidationProxy } = await import('../../proxy/startValidationProxy.ts');
  const { clientLabel } = await import('../../proxy/createProxyJudge.ts');
  const secrets: Array<[string | undefined, string]> = suite === 'meeting-platform' ? [[env[credentialEnv.clientSecret], credentialEnv.clientSecret]] : [[env.SVC_API_KEY, 'SVC_API_KEY']];
  const recorder = record === undefined ? undefined : await newRecorder(suite, { target, secrets, anonymize });
  // Listening is all that can fail: a port taken, an address not this machine's.
  const proxy = await startValidationProxy({ suite, target, ...(authTarget !== undefined ? { authTarget } : {}), host, port, secrets, ...(recorder ? { recorder } : {}) }).catch((err: unknown) => {
    throw new UsageError(cannotListen(host, port, err).message);
  });
  write(banner(suite, proxy.url, target, authTarget));
  if (record !== undefined) write(`Recording what the deployment answers${anonymize ? ' (anonymized)' : ''}: written to ${record} when the proxy stops.\n`);
  await untilStop();
  await proxy.close();
  const report = proxy.report();
  write(`${judgedSummary('deployment', report.checks.filter((c) => c.target !== clientLabel))}\n`);
  write(`${judgedSummary('client', report.checks.filter((c) => c.target === clientLabel))}\n`);
  await writeJudgedReports(report, reports, 'report', write);
  // After the reports: a recording that cannot be written (a full disk) leaves them written.
  if (recorder && record !== undefined) {
    const { writeRecording } = await import('../../proxy/writeRecording.ts');
    await writeRecording(record, recorder);
    write(`recorded ${recorder.summary()}: ${record}\n`);
  }
}

/** The recorder of a service's answers, loaded only when a recording is asked for. */
async function newRecorder(suite: ProxiedSuite, options: RecorderOptions): Promise<Recorder> {
  if (suite === 'meeting-platform') return (await import('../../proxy/meeting-platform/meetingRecorder.ts')).meetingRecorder(options);
  return (await import('../../proxy/fetch-service/pageRecorder.ts')).pageRecorder(options);
}

function banner(suite: ProxiedSuite, url: string, target: string, authTarget: string | undefined): string {
  const routes =
    suite === 'meeting-platform'
      ? [`  POST ${url}/oauth/token  → ${(authTarget ?? target).replace(/\/+$/, '')}/oauth/token`, `  everything else          → ${target.replace(/\/+$/, '')}/…`, `Point the app's auth URL and API base URL at ${url}.`]
      : [`  everything → ${target.replace(/\/+$/, '')}/…`, `Point the app's base URL at ${url}.`];
  return [`conform proxy (${suite}) listening on ${url}`, ...routes, 'Both sides are judged; the report is written when the proxy stops (Ctrl+C).', `live: ${url}${livePagePath}`, ''].join('\n');
}
