import { readFile } from 'node:fs/promises';
import { Command, Option } from 'commander';
import { checkCertificate } from '../../../mocks/origin/checkCertificate.ts';
import type { FarmListener } from '../../../mocks/origin/FarmRoute.ts';
import { formatRouteTable } from '../../../mocks/origin/formatRouteTable.ts';
import { originRoutes } from '../../../mocks/origin/originRoutes.ts';
import { publicOrigin, type ListenerOrigins } from '../../../mocks/origin/publicOrigins.ts';
import type { OriginFarm, OriginFarmOptions } from '../../../mocks/origin/startOriginFarm.ts';
import { untilStopped } from '../untilStopped.ts';
import { UsageError } from '../UsageError.ts';
import { numberRules } from '../../harness/options/numberRules.ts';
import { numberOption } from '../parseOptions.ts';

interface OriginOptions {
  host: string;
  port: number;
  tlsPort: number;
  expiredTlsPort: number;
  wrongHostTlsPort: number;
  certName: string[];
  publicUrl?: string;
  publicTlsUrl?: string;
  publicExpiredTlsUrl?: string;
  publicWrongHostTlsUrl?: string;
  cert?: string;
  key?: string;
}

/** The public-URL flags by the listener each names, in the order the port flags come. */
const publicUrlFlags: ReadonlyArray<{ listener: FarmListener; flag: string; field: 'publicUrl' | 'publicTlsUrl' | 'publicExpiredTlsUrl' | 'publicWrongHostTlsUrl'; description: string }> = [
  { listener: 'http', flag: '--public-url', field: 'publicUrl', description: 'the base URL clients reach the HTTP listener at, when not where it listens (e.g. http://origin.example.com:8081)' },
  { listener: 'https', flag: '--public-tls-url', field: 'publicTlsUrl', description: "the same for the valid-TLS listener (default: --public-url's host, the TLS listener's port)" },
  { listener: 'expired-tls', flag: '--public-expired-tls-url', field: 'publicExpiredTlsUrl', description: 'the same for the expired-certificate listener' },
  { listener: 'wrong-host-tls', flag: '--public-wrong-host-tls-url', field: 'publicWrongHostTlsUrl', description: 'the same for the wrong-host listener' },
];

/**
 * The lines printed at start, name then URL (where clients reach it), and where it listens when that is
 * elsewhere; --help shows the same shape.
 */
function listenerLines(farm: Pick<OriginFarm, 'httpUrl' | 'httpsUrl' | 'expiredTlsUrl' | 'wrongHostTlsUrl' | 'infoUrl'> & { bound?: ListenerOrigins }): string {
  const rows: Array<[string, string, string | undefined]> = [
    ['http', farm.httpUrl, farm.bound?.http],
    ['https', farm.httpsUrl, farm.bound?.https],
    ['expired-tls', farm.expiredTlsUrl, farm.bound?.['expired-tls']],
    ['wrong-host-tls', farm.wrongHostTlsUrl, farm.bound?.['wrong-host-tls']],
    ['info', farm.infoUrl, undefined],
  ];
  return rows.map(([name, url, bound]) => `${name.padEnd(16)}${url}${bound && bound !== url ? `  (listening on ${bound})` : ''}\n`).join('');
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
  'localhost (plus --host, --cert-name and the public URLs\' host names), expired, and issued to another',
  'host name; --cert and --key replace the valid one. The CA PEM is the "ca" field of the info URL\'s JSON',
  '(e.g. for NODE_EXTRA_CA_CERTS).',
  '',
  'Beside a deployment on this machine: fixed ports, which its allowlist can name (127.0.0.1:8081,',
  '127.0.0.1:8443, ...); the reference admits the whole farm and trusts its CA in one flag:',
  '  conform origin --port 8081 --tls-port 8443 --expired-tls-port 8444 --wrong-host-tls-port 8445',
  '  conform serve fetch-service --port 8080 --origin-url http://127.0.0.1:8081',
  '  conform run fetch-service --base-url http://127.0.0.1:8080 --origin-url http://127.0.0.1:8081',
  '',
  'Reached elsewhere (a deployment that is not on this machine fetches from it): run it where the',
  'deployment can reach it, say where it is reached, and give the valid-TLS listener a certificate the',
  'deployment trusts (its own CA is trusted nowhere):',
  '  conform origin --host 0.0.0.0 --port 8081 --tls-port 8443 --expired-tls-port 8444 --wrong-host-tls-port 8445 \\',
  '    --public-url http://origin.example.com:8081 --cert origin.example.com.pem --key origin.example.com-key.pem',
  'Every absolute URL it gives (/__farm/info, the listing above, redirect Locations) then names the public',
  'URLs: --public-url for the HTTP listener; each TLS listener on its host at the TLS listener\'s own port,',
  'unless --public-tls-url, --public-expired-tls-url or --public-wrong-host-tls-url say otherwise (a port',
  'forward, a NAT). Forward the TLS ports as TCP: a proxy that terminates TLS hides the certificates they',
  'test. The certificates the farm makes cover the public host names too. Then, in CI:',
  '  conform run fetch-service --base-url https://fetch.example.com --origin-url http://origin.example.com:8081',
  'which first has the deployment fetch a page of each listener, and stops (exit 2) saying what to do',
  'when it cannot.',
  '',
  'Every route answers on every listener and takes ?probe=TOKEN; /__farm/requests?probe=TOKEN lists the',
  'requests that carried it, so a check can prove a request did or did not reach the farm.',
  '',
  'Routes:',
  formatRouteTable(originRoutes).replace(/^/gm, '  '),
].join('\n');

export function registerOrigin(program: Command): void {
  const origin = program.command('origin');
  origin
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
    );
  for (const flag of publicUrlFlags) origin.addOption(publicUrlOption(flag));
  origin
    .option('--cert <file>', 'PEM certificate (chain included) the valid-TLS listener presents instead of the farm CA\'s; needs --key')
    .option('--key <file>', 'PEM private key of --cert')
    .addHelpText('after', helpText)
    .action(async (options: OriginOptions) => {
      // Listening for the stop before anything starts: a signal while it starts, or right after the
      // listeners are printed, still closes it cleanly.
      const stopped = untilStopped();
      await runOrigin(options, (text) => process.stdout.write(text), () => stopped);
    });
}

function publicUrlOption({ listener, flag, description }: (typeof publicUrlFlags)[number]): Option {
  return new Option(`${flag} <url>`, description).argParser((value: string) => {
    try {
      return publicOrigin(listener, value);
    } catch (err) {
      throw new UsageError(`${flag} ${(err as Error).message}`);
    }
  });
}

/** Starts the farm, prints where it listens, and closes it once `untilStop` resolves. */
export async function runOrigin(
  options: OriginOptions,
  write: (text: string) => void,
  untilStop: () => Promise<unknown>,
): Promise<void> {
  const { startOriginFarm } = await import('../../../mocks/origin/startOriginFarm.ts');
  const certificate = await readCertificate(options);
  const farm = await startOriginFarm({ ...farmOptions(options), ...(certificate ? { certificate } : {}) }).catch((err: unknown) => {
    // Not a listener that failed to bind: public URLs the farm refused (two listeners at one), in its words.
    if ((err as NodeJS.ErrnoException).syscall !== 'listen') throw new UsageError(err instanceof Error ? err.message : String(err));
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

/** --cert and --key read, both or neither. */
async function readCertificate(options: OriginOptions): Promise<{ cert: string; key: string } | undefined> {
  if (options.cert === undefined && options.key === undefined) return undefined;
  if (options.cert === undefined || options.key === undefined) throw new UsageError('--cert and --key go together: the certificate and its private key');
  const read = (flag: string, file: string): Promise<string> =>
    readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
      throw new UsageError(`${flag} ${file} cannot be read: ${err.code ?? err.message}`);
    });
  // Both read at once, but the error named is --cert's first whichever read fails sooner.
  const [certRead, keyRead] = await Promise.allSettled([read('--cert', options.cert), read('--key', options.key)]);
  if (certRead.status === 'rejected') throw certRead.reason;
  if (keyRead.status === 'rejected') throw keyRead.reason;
  const [cert, key] = [certRead.value, keyRead.value];
  try {
    checkCertificate({ cert, key });
  } catch (err) {
    throw new UsageError(`--cert ${options.cert} --key ${options.key}: ${(err as Error).message}`);
  }
  return { cert, key };
}

function farmOptions(options: OriginOptions): OriginFarmOptions {
  const publicUrls: Partial<ListenerOrigins> = {};
  for (const { listener, field } of publicUrlFlags) {
    const url = options[field];
    if (url !== undefined) publicUrls[listener] = url;
  }
  return {
    publicUrls,
    host: options.host,
    port: options.port,
    tlsPort: options.tlsPort,
    expiredTlsPort: options.expiredTlsPort,
    wrongHostTlsPort: options.wrongHostTlsPort,
    certNames: options.certName,
  };
}

