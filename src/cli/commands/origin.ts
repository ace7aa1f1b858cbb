import { Command, Option } from 'commander';
import { formatRouteTable } from '../../../mocks/origin/formatRouteTable.ts';
import { originRoutes } from '../../../mocks/origin/originRoutes.ts';
import type { OriginFarm, OriginFarmOptions } from '../../../mocks/origin/startOriginFarm.ts';
import { untilStopped } from '../untilStopped.ts';
import { UsageError } from '../UsageError.ts';
import { numberRules } from '../../harness/numberRules.ts';
import { numberOption } from '../parseOptions.ts';

interface OriginOptions {
  host: string;
  port: number;
  tlsPort: number;
  expiredTlsPort: number;
  wrongHostTlsPort: number;
  certName: string[];
}

/** The lines printed at start, name then URL; --help shows the same shape. */
function listenerLines(farm: Pick<OriginFarm, 'httpUrl' | 'httpsUrl' | 'expiredTlsUrl' | 'wrongHostTlsUrl' | 'infoUrl'>): string {
  const rows: Array<[string, string]> = [
    ['http', farm.httpUrl],
    ['https', farm.httpsUrl],
    ['expired-tls', farm.expiredTlsUrl],
    ['wrong-host-tls', farm.wrongHostTlsUrl],
    ['info', farm.infoUrl],
  ];
  return rows.map(([name, url]) => `${name.padEnd(16)}${url}\n`).join('');
}

const exampleOutput = listenerLines({
  httpUrl: 'http://HOST:PORT',
  httpsUrl: 'https://HOST:TLS-PORT',
  expiredTlsUrl: 'https://HOST:EXPIRED-TLS-PORT',
  wrongHostTlsUrl: 'https://HOST:WRONG-HOST-TLS-PORT',
  infoUrl: 'http://HOST:PORT/__farm/info',
});

const helpText = [
  '',
  'Output (stdout, once every listener is up; then it runs until SIGINT or SIGTERM):',
  exampleOutput.replace(/^/gm, '  ').trimEnd(),
  '',
  'The three TLS listeners present certificates signed by one farm CA: valid for 127.0.0.1, ::1 and',
  'localhost (plus --host and --cert-name), expired, and issued to another host name. The CA PEM is the',
  '"ca" field of the info URL\'s JSON (e.g. for NODE_EXTRA_CA_CERTS).',
  '',
  'Every route answers on every listener and takes ?probe=TOKEN; /__farm/requests?probe=TOKEN lists the',
  'requests that carried it, so a check can prove a request did or did not reach the farm.',
  '',
  'Routes:',
  formatRouteTable(originRoutes).replace(/^/gm, '  '),
].join('\n');

export function registerOrigin(program: Command): void {
  program
    .command('origin')
    .summary('the hostile origin farm: upstream servers to point a fetch service at')
    .description('Serves charset pages, binary bodies, redirects, slow, broken, oversized and gzip-bomb responses over HTTP and TLS.')
    .addOption(new Option('--host <address>', 'address to bind every listener to').default('127.0.0.1'))
    .addOption(numberOption('--port <n>', 'HTTP port (0 = a free one)', numberRules.port).default(0))
    .addOption(numberOption('--tls-port <n>', 'port of the valid-certificate TLS listener', numberRules.port).default(0))
    .addOption(numberOption('--expired-tls-port <n>', 'port of the expired-certificate TLS listener', numberRules.port).default(0))
    .addOption(numberOption('--wrong-host-tls-port <n>', 'port of the wrong-host TLS listener', numberRules.port).default(0))
    .addOption(
      new Option('--cert-name <name>', 'another DNS name or IP the valid and expired certificates cover (repeatable)')
        .argParser((value: string, previous: string[]) => [...previous, value])
        .default([], 'none'),
    )
    .addHelpText('after', helpText)
    .action(async (options: OriginOptions) => {
      // Listening for the stop before anything starts: a signal while it starts, or right after the
      // listeners are printed, still closes it cleanly.
      const stopped = untilStopped();
      await runOrigin(options, (text) => process.stdout.write(text), () => stopped);
    });
}

/** Starts the farm, prints where it listens, and closes it once `untilStop` resolves. */
export async function runOrigin(
  options: OriginOptions,
  write: (text: string) => void,
  untilStop: () => Promise<unknown>,
): Promise<void> {
  const { startOriginFarm } = await import('../../../mocks/origin/startOriginFarm.ts');
  const farm = await startOriginFarm(farmOptions(options)).catch((err: unknown) => {
    throw new UsageError(listenFailure(options.host, err));
  });
  write(listenerLines(farm));
  await untilStop();
  await farm.close();
}

/** One line for a listener that could not bind: node's listen errors carry the address, port and code. */
function listenFailure(host: string, err: unknown): string {
  const { address, port, code, message } = err as NodeJS.ErrnoException & { address?: string; port?: number };
  const where = port === undefined ? (address ?? host) : `${address ?? host}:${port}`;
  return `cannot listen on ${where}: ${code ?? message}`;
}

function farmOptions(options: OriginOptions): OriginFarmOptions {
  return {
    host: options.host,
    port: options.port,
    tlsPort: options.tlsPort,
    expiredTlsPort: options.expiredTlsPort,
    wrongHostTlsPort: options.wrongHostTlsPort,
    certNames: options.certName,
  };
}

