// Sustained use of the meeting-platform mock: four bursts of a client that takes a new token for every
// call and lists a page with it (token request, list request, over and over, 20 connections). After each
// burst the mock's RSS is read, as it stands and after a collection. A development mock runs for days:
// what traffic leaves behind must not pile up. `npm run bench -- meeting-endurance`
// Goals: RSS after every later burst at most 1.25x that after the first; throughput of every later burst
// at least 0.9x the first's.
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { exitOnTerm, loadTest, MiB, startChild } from './loadTest.ts';
import { printTable, type BenchRow } from './printTable.ts';

const self = fileURLToPath(import.meta.url);
const bursts = 4;
const burstSeconds = Number(process.env.BENCH_BURST_SECONDS ?? 10);
const listPath = '/v2/users/me/meetings?page_size=30';

interface Served {
  url: string;
  basic: string;
  form: string;
}

interface Memory {
  rss: number;
  heapUsed: number;
}

if (process.argv[2] === '--serve') await serve();
else await main();

async function serve(): Promise<void> {
  exitOnTerm();
  const { startMeetingPlatformServer } = await import('../mocks/meeting-platform/startMeetingPlatformServer.ts');
  const server = await startMeetingPlatformServer();
  const { clientId, clientSecret, accountId } = server.accounts[0]!;
  // 'memory' reads as it stands; 'settled' collects garbage first.
  process.on('message', (m: unknown) => {
    if (m === 'settled') {
      setFlagsFromString('--expose-gc');
      (runInNewContext('gc') as () => void)();
    }
    const { rss, heapUsed } = process.memoryUsage();
    process.send?.({ rss, heapUsed } satisfies Memory);
  });
  const served: Served = { url: server.url, basic: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`, form: `grant_type=account_credentials&account_id=${accountId}` };
  process.stdout.write(`${JSON.stringify(served)}\n`);
}

async function main(): Promise<void> {
  const mock = await startChild<Served>([self, '--serve']);
  const memory = (what: 'memory' | 'settled') =>
    new Promise<Memory>((resolve) => {
      mock.proc.once('message', (m: Memory) => resolve(m));
      mock.proc.send(what);
    });
  const { url, basic, form } = mock.served;
  const start = await memory('settled');
  const rows: BenchRow[] = [];
  const rssAfter: number[] = [];
  const cpuPerRequest: number[] = [];
  try {
    for (let burst = 1; burst <= bursts; burst++) {
      const result = await loadTest({
        url,
        seconds: burstSeconds,
        serverPid: mock.proc.pid,
        requests: [
          {
            method: 'POST',
            path: '/oauth/token',
            headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
            body: form,
            onResponse: (_status, body, context) => {
              (context as { token?: string }).token = (JSON.parse(body) as { access_token: string }).access_token;
            },
          },
          {
            method: 'GET',
            path: listPath,
            setupRequest: (request, context) => ({ ...request, headers: { authorization: `Bearer ${(context as { token?: string }).token}` } }),
          },
        ],
      });
      if (result.non2xx || result.errors) throw new Error(`burst ${burst}: ${result.non2xx} answers were not 2xx, ${result.errors} failed`);
      const after = await memory('memory');
      const settled = await memory('settled');
      rows.push({
        name: `burst ${burst}`,
        value: result.rps,
        unit: 'req/s',
        extra: {
          'token+list pairs': String(Math.round((result.rps * burstSeconds) / 2)),
          rss: `${Math.round(after.rss / MiB)} MiB`,
          'rss after GC': `${Math.round(settled.rss / MiB)} MiB`,
          'heap after GC': `${Math.round(settled.heapUsed / MiB)} MiB`,
          'server CPU/req': result.cpuPerRequest === undefined ? '-' : `${result.cpuPerRequest.toFixed(0)} µs`,
        },
      });
      rssAfter.push(after.rss);
      cpuPerRequest.push(result.cpuPerRequest ?? NaN);
    }
  } finally {
    await mock.stop();
  }
  printTable(
    `meeting-platform mock under sustained use: ${bursts} bursts of ${burstSeconds} s, each connection taking a new token then a list page, 20 connections (RSS at start ${Math.round(start.rss / MiB)} MiB after GC)`,
    rows,
    'burst 1',
  );
  const memoryRatio = Math.max(...rssAfter.slice(1)) / rssAfter[0]!;
  const speedRatio = Math.min(...rows.slice(1).map((r) => r.value)) / rows[0]!.value;
  // CPU time per request holds still where other work shares the machine and requests per second do not:
  // a mock that slows down with use spends more of it on each request.
  const cpuRatio = Math.max(...cpuPerRequest.slice(1)) / cpuPerRequest[0]!;
  console.log(
    `\nRSS, largest later burst / first: ${memoryRatio.toFixed(2)} (goal <= 1.25: ${memoryRatio <= 1.25 ? 'met' : 'NOT met'})` +
      `\nthroughput, slowest later burst / first: ${speedRatio.toFixed(2)} (goal >= 0.90: ${speedRatio >= 0.9 ? 'met' : 'NOT met'})` +
      (Number.isNaN(cpuRatio) ? '' : `\nserver CPU per request, costliest later burst / first: ${cpuRatio.toFixed(2)} (a steady mock stays near 1; 1.11 is the 0.90 above)`),
  );
}
