// The fetch service's two servers, each beside its floor, in one run (`npm run bench -- fetch-service`):
// 1. The reference against a minimal relay (an HTTP server relaying with undici, no checks: what a second
//    hop alone costs here), both fetching the same 1.7 KB loopback page, with the origin asked directly
//    for scale: throughput (16 connections, rounds alternated so drift hits all alike) and latency (one
//    request at a time, so it is the service's own cost, not queueing). Goals: the reference at least
//    0.85x the relay, its p50 within 1 ms of the relay's, every protection on.
// 2. The fetch-service mock (its node:http adapter) answering a farm page in memory, against a bare
//    node:http server sending the same reply bytes.
// 3. The reference's memory while it refuses rounds of 100 concurrent oversize responses.
// The origin, each server and the relay run in their own process; the load client is autocannon in this
// one, so it does not share an event loop with what it measures.
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import pMap from 'p-map';
import { Agent, Pool } from 'undici';
import { startFetchService } from '../src/fetch-service/startFetchService.ts';
import { exitOnTerm, loadRow, loadTest, medianCpu, MiB, profileFlags, type Load } from './loadTest.ts';
import { printTable, type BenchRow } from './printTable.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_SECONDS = 1;
const CONCURRENCY = 16;
const SEQUENTIAL = 2_000;
const OVERSIZE_CONCURRENT = 100;
const OVERSIZE_ROUNDS = 3;
const MAX_BYTES = 10 * 1024 * 1024;
const KEY = 'bench-key-2718281828';
const PAGE = Buffer.from(`<!doctype html><html><head><meta charset="utf-8"><title>bench</title></head><body>${'<p>lorem ipsum dolor sit amet</p>'.repeat(50)}</body></html>`);

type Message = { port: number } | { url: string; body?: string } | { rss: number };

/** The page the mock is asked for: the virtual farm's, answered in memory. */
const MOCK_PAGE = 'http://origin.conform.invalid/small';

// ---- child roles -------------------------------------------------------------------------------------

function gc(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

async function runOrigin(): Promise<void> {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  const server = createServer((req, res) => {
    if (req.url === '/small') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': PAGE.length });
      return void res.end(PAGE);
    }
    // Oversize: 12 MiB, declared up front or streamed chunked, written as fast as the reader takes it.
    const total = 12 * MiB;
    res.writeHead(200, req.url === '/oversize-declared' ? { 'content-type': 'text/plain', 'content-length': total } : { 'content-type': 'text/plain' });
    let sent = 0;
    const pump = (): void => {
      while (sent < total && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    res.on('error', () => undefined);
    pump();
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.send?.({ port: (server.address() as AddressInfo).port } satisfies Message);
}

async function runService(originPort: number): Promise<void> {
  const running = await startFetchService({
    apiKeys: [KEY],
    allowHosts: [`127.0.0.1:${originPort}`],
    maxConcurrency: 10_000,
    maxBytes: MAX_BYTES,
    // The access log is serialised as in production, then dropped instead of written to a terminal.
    log: (entry) => void JSON.stringify(entry),
  });
  // 'rss' samples as is (for the peak); 'settled-rss' collects garbage first (for before and after).
  process.on('message', (m: string) => {
    if (m === 'settled-rss') gc();
    process.send?.({ rss: process.memoryUsage().rss } satisfies Message);
  });
  process.send?.({ url: running.url } satisfies Message);
}

async function runForwarder(): Promise<void> {
  const agent = new Agent();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const target = new URL((JSON.parse(Buffer.concat(chunks).toString()) as { url: string }).url);
    const upstream = await agent.request({ origin: target.origin, path: target.pathname, method: 'GET' });
    const content = Buffer.from(await upstream.body.arrayBuffer()).toString('utf8');
    const text = JSON.stringify({ id: randomUUID(), statusCode: upstream.statusCode, headers: upstream.headers, content, contentType: 'text/html', encoding: 'utf-8' });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.send?.({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` } satisfies Message);
}

async function runMock(): Promise<void> {
  const { startFetchServiceMock } = await import('../mocks/fetch-service/startFetchServiceMock.ts');
  const mock = await startFetchServiceMock({ apiKeys: [KEY] });
  const reply = await fetch(`${mock.url}/v1/fetch`, { method: 'POST', headers: { 'x-svc-api-key': KEY, 'content-type': 'application/json' }, body: JSON.stringify({ url: MOCK_PAGE }) });
  process.send?.({ url: mock.url, body: await reply.text() } satisfies Message);
}

/** The floor for the mock: its reply's bytes, sent as they are. */
async function runBare(body: string): Promise<void> {
  const payload = Buffer.from(body);
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': payload.length });
    res.end(payload);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.send?.({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` } satisfies Message);
}

// ---- load client ----------------------------------------------------------------------------------------

function child(args: string[]): ChildProcess {
  return fork(fileURLToPath(import.meta.url), args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: [...process.execArgv, ...profileFlags(args)] });
}

async function firstMessage<T extends Message>(proc: ChildProcess): Promise<T> {
  const [message] = (await once(proc, 'message')) as [T];
  return message;
}

async function askRss(proc: ChildProcess, settled = true): Promise<number> {
  const answer = firstMessage<{ rss: number }>(proc);
  proc.send(settled ? 'settled-rss' : 'rss');
  return (await answer).rss;
}

interface Run {
  perSecond: number;
  latencies: number[];
  statuses: Map<number, number>;
}

/** `count` calls of `one`, `concurrency` at a time; each call's latency in ms. */
async function drive(count: number, concurrency: number, one: () => Promise<number>): Promise<Run> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const started = performance.now();
  await pMap(
    Array.from({ length: count }),
    async () => {
      const t0 = performance.now();
      const status = await one();
      latencies.push(performance.now() - t0);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    },
    { concurrency },
  );
  return { perSecond: count / ((performance.now() - started) / 1000), latencies, statuses };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function main(): Promise<void> {
  const origin = child(['origin']);
  const { port } = await firstMessage<{ port: number }>(origin);
  const service = child(['service', String(port)]);
  const { url } = await firstMessage<{ url: string }>(service);
  const forwarder = child(['forwarder']);
  const { url: forwarderUrl } = await firstMessage<{ url: string }>(forwarder);
  const originUrl = `http://127.0.0.1:${port}`;

  const mock = child(['mock']);
  const { url: mockUrl, body: mockBody } = await firstMessage<{ url: string; body: string }>(mock);
  const bare = child(['bare', mockBody]);
  const { url: bareUrl } = await firstMessage<{ url: string }>(bare);

  const headers = { 'x-svc-api-key': KEY, 'content-type': 'application/json' };
  const fetchOf = (base: string, page: string) => ({ url: `${base}/v1/fetch`, method: 'POST' as const, headers, body: JSON.stringify({ url: page }) });
  interface Path {
    name: string;
    options: Parameters<typeof loadTest>[0];
  }
  const at = (proc: ChildProcess, options: Omit<Path['options'], 'seconds'>) => ({ ...options, serverPid: proc.pid, seconds: SECONDS, connections: CONCURRENCY });
  const relayPaths: Path[] = [
    { name: 'origin direct', options: { url: `${originUrl}/small`, seconds: SECONDS, connections: CONCURRENCY, serverPid: origin.pid } },
    { name: 'minimal relay', options: at(forwarder, fetchOf(forwarderUrl, `${originUrl}/small`)) },
    { name: 'fetch reference', options: at(service, fetchOf(url, `${originUrl}/small`)) },
  ];
  const mockPaths: Path[] = [
    { name: 'bare node:http', options: at(bare, fetchOf(bareUrl, MOCK_PAGE)) },
    { name: 'fetch-service mock', options: at(mock, fetchOf(mockUrl, MOCK_PAGE)) },
  ];

  // Warm every path (JIT, connection pools), then alternate them round by round.
  const paths = [...relayPaths, ...mockPaths];
  for (const p of paths) await loadTest({ ...p.options, seconds: WARMUP_SECONDS });
  const runs = new Map<string, Load[]>(paths.map((p) => [p.name, []]));
  let failures = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const p of paths) {
      const run = await loadTest(p.options);
      failures += run.non2xx + run.errors;
      runs.get(p.name)!.push(run);
    }
  }
  // Latency: one request at a time, so each figure is a path's own cost rather than queueing; timed here
  // to the microsecond (autocannon counts whole milliseconds).
  const latency = new Map<string, { p50: number; p99: number }>();
  for (const p of relayPaths) {
    const pool = new Pool(new URL(String(p.options.url)).origin, { connections: 1 });
    const { url: target, method = 'GET', body } = p.options;
    const path = new URL(String(target)).pathname;
    const one = async () => {
      const res = await pool.request({ path, method, headers: p.options.headers, body: body as string | undefined });
      await res.body.arrayBuffer();
      return res.statusCode;
    };
    await drive(200, 1, one);
    const sorted = (await drive(SEQUENTIAL, 1, one)).latencies.sort((a, b) => a - b);
    latency.set(p.name, { p50: percentile(sorted, 50), p99: percentile(sorted, 99) });
    await pool.close();
  }
  const rowsOf = (list: Path[], withLatency: boolean) =>
    list.map(({ name }) =>
      loadRow(name, runs.get(name)!, withLatency ? { 'p50 alone': `${latency.get(name)!.p50.toFixed(2)} ms`, 'p99 alone': `${latency.get(name)!.p99.toFixed(2)} ms` } : undefined),
    );
  const relayRows = rowsOf(relayPaths, true);
  printTable(
    `The reference fetching a ${PAGE.length}-byte page from a loopback origin, beside a minimal undici relay: ${SECONDS} s per round, ${CONCURRENCY} connections, median of ${ROUNDS} alternated rounds; latency one request at a time (server CPU/req: the relay's or reference's own process; the origin's for origin direct)`,
    relayRows,
    'minimal relay',
  );
  const mockRows = rowsOf(mockPaths, false);
  printTable(
    `The fetch-service mock answering ${MOCK_PAGE} in memory, beside a bare node:http server sending its reply's ${Buffer.byteLength(mockBody)} bytes: ${SECONDS} s per round, ${CONCURRENCY} connections, median of ${ROUNDS} alternated rounds`,
    mockRows,
    'bare node:http',
  );
  if (failures) console.log(`answers that were not 2xx or failed: ${failures}`);
  await Promise.all([mock, bare].map(async (proc) => proc.kill('SIGTERM')));

  const viaService = new Pool(url, { connections: OVERSIZE_CONCURRENT });
  const post = (pool: Pool, path: string) => {
    const body = JSON.stringify({ url: `${originUrl}${path}` });
    return async () => {
      const res = await pool.request({ path: '/v1/fetch', method: 'POST', headers, body });
      await res.body.arrayBuffer();
      return res.statusCode;
    };
  };
  const fetchVia = (path: string) => post(viaService, path);

  // Memory: rounds of 100 concurrent oversize fetches, every one refused with 502.
  const rows: BenchRow[] = [{ name: 'before', value: (await askRss(service)) / MiB, unit: 'MiB' }];
  for (const kind of ['chunked', 'declared'] as const) {
    let tooLarge = 0;
    let shed = 0;
    let peak = 0;
    const started = performance.now();
    for (let round = 0; round < OVERSIZE_ROUNDS; round++) {
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          peak = Math.max(peak, await askRss(service, false));
          await sleep(20);
        }
      })();
      const run = await drive(OVERSIZE_CONCURRENT, OVERSIZE_CONCURRENT, fetchVia(`/oversize-${kind}`));
      sampling = false;
      await sampler;
      tooLarge += run.statuses.get(502) ?? 0;
      shed += run.statuses.get(503) ?? 0;
    }
    const seconds = (performance.now() - started) / 1000;
    rows.push({
      name: `after ${OVERSIZE_ROUNDS}x${OVERSIZE_CONCURRENT} ${kind}`,
      value: (await askRss(service)) / MiB,
      unit: 'MiB',
      extra: {
        'peak rss': `${Math.round(peak / MiB)} MiB`,
        '502 too large': String(tooLarge),
        '503 shed': String(shed),
        of: String(OVERSIZE_ROUNDS * OVERSIZE_CONCURRENT),
        time: `${seconds.toFixed(1)} s`,
      },
    });
  }
  printTable(
    `Service RSS (after GC) while refusing rounds of ${OVERSIZE_CONCURRENT} concurrent 12 MiB responses (cap ${MAX_BYTES / MiB} MiB, buffer ceiling 256 MiB)`,
    rows,
    'before',
  );

  const relay = relayRows[1]!;
  const reference = relayRows[2]!;
  const toRelay = reference.value / relay.value;
  // CPU time per request holds still where other work shares the machine and requests per second do not.
  const cpuOf = (name: string) => medianCpu(runs.get(name)!);
  const cpuToRelay = cpuOf('minimal relay') / cpuOf('fetch reference');
  const addedP50 = latency.get('fetch reference')!.p50 - latency.get('minimal relay')!.p50;
  const rssGrowth = Math.max(...rows.slice(1).map((r) => r.value)) / rows[0]!.value;
  console.log(
    `\ngoals: reference/relay throughput ${toRelay.toFixed(2)} (>= 0.85: ${toRelay >= 0.85 ? 'met' : 'NOT met'}; by server CPU per request ${cpuToRelay.toFixed(2)}), ` +
      `reference p50 minus relay p50 ${addedP50.toFixed(2)} ms (within 1 ms: ${addedP50 <= 1 ? 'met' : 'NOT met'}); ` +
      `mock/bare ${(mockRows[1]!.value / mockRows[0]!.value).toFixed(2)} (no goal); settled RSS after/before at most ${rssGrowth.toFixed(2)}x`,
  );

  await viaService.close();
  for (const proc of [service, forwarder, origin]) proc.kill('SIGTERM');
  // Goals are reported, not enforced (machines differ); a wrong answer is a failure.
  const refusedAll = rows.slice(1).every((r) => Number(r.extra?.['502 too large']) + Number(r.extra?.['503 shed']) === OVERSIZE_ROUNDS * OVERSIZE_CONCURRENT);
  process.exitCode = failures === 0 && refusedAll ? 0 : 1;
}

const [role, arg] = process.argv.slice(2);
if (role) exitOnTerm();
if (role === 'origin') await runOrigin();
else if (role === 'service') await runService(Number(arg));
else if (role === 'forwarder') await runForwarder();
else if (role === 'mock') await runMock();
else if (role === 'bare') await runBare(arg ?? '{}');
else await main();
