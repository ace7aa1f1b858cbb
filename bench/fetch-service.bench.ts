// The reference fetch service against undici fetching the same loopback page directly, in one run:
// throughput (fixed concurrency, rounds alternated so drift hits both alike), added latency (one request
// at a time, so it is the service's own cost, not queueing), then the service's memory while it refuses
// rounds of 100 concurrent oversize responses. `node bench/fetch-service.bench.ts`.
// The origin, the service and a minimal forwarder (an HTTP server relaying with undici, no checks: what a
// second hop alone costs on this machine) each run in their own process, so the load client (undici, in
// this process) does not share an event loop with what it measures.
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { Agent, Pool } from 'undici';
import { startFetchService } from '../src/fetch-service/startFetchService.ts';
import { printTable, type BenchRow } from './printTable.ts';

const REQUESTS = 10_000;
const ROUNDS = 3;
const WARMUP = 2_000;
const CONCURRENCY = 32;
const SEQUENTIAL = 2_000;
const OVERSIZE_CONCURRENT = 100;
const OVERSIZE_ROUNDS = 3;
const MAX_BYTES = 10 * 1024 * 1024;
const KEY = 'bench-key-2718281828';
const PAGE = Buffer.from(`<!doctype html><html><head><meta charset="utf-8"><title>bench</title></head><body>${'<p>lorem ipsum dolor sit amet</p>'.repeat(50)}</body></html>`);
const MiB = 1024 * 1024;

type Message = { port: number } | { url: string } | { rss: number };

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

// ---- load client ----------------------------------------------------------------------------------------

function child(args: string[]): ChildProcess {
  return fork(fileURLToPath(import.meta.url), args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
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
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < count) {
        const t0 = performance.now();
        const status = await one();
        latencies.push(performance.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return { perSecond: count / ((performance.now() - started) / 1000), latencies, statuses };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<void> {
  const origin = child(['origin']);
  const { port } = await firstMessage<{ port: number }>(origin);
  const service = child(['service', String(port)]);
  const { url } = await firstMessage<{ url: string }>(service);
  const forwarder = child(['forwarder']);
  const { url: forwarderUrl } = await firstMessage<{ url: string }>(forwarder);
  const originUrl = `http://127.0.0.1:${port}`;

  const direct = new Pool(originUrl, { connections: CONCURRENCY });
  const viaService = new Pool(url, { connections: OVERSIZE_CONCURRENT });
  const viaForwarder = new Pool(forwarderUrl, { connections: CONCURRENCY });
  const headers = { 'x-svc-api-key': KEY, 'content-type': 'application/json' };
  const fetchDirect = async () => {
    const res = await direct.request({ path: '/small', method: 'GET' });
    await res.body.arrayBuffer();
    return res.statusCode;
  };
  const post = (pool: Pool, path: string) => {
    const body = JSON.stringify({ url: `${originUrl}${path}` });
    return async () => {
      const res = await pool.request({ path: '/v1/fetch', method: 'POST', headers, body });
      await res.body.arrayBuffer();
      return res.statusCode;
    };
  };
  const paths = [
    { name: 'undici direct', one: fetchDirect },
    { name: 'minimal forwarder', one: post(viaForwarder, '/small') },
    { name: 'via fetch service', one: post(viaService, '/small') },
  ];

  // Warm every path (JIT, connection pools), then alternate them round by round.
  for (const p of paths) await drive(WARMUP, CONCURRENCY, p.one);
  const throughput = new Map<string, number[]>(paths.map((p) => [p.name, []]));
  const statuses = new Map<number, number>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const p of paths) {
      const run = await drive(REQUESTS, CONCURRENCY, p.one);
      throughput.get(p.name)!.push(run.perSecond);
      if (p.name === 'via fetch service') for (const [status, n] of run.statuses) statuses.set(status, (statuses.get(status) ?? 0) + n);
    }
  }
  const latency = new Map<string, number[]>();
  for (const p of paths) latency.set(p.name, (await drive(SEQUENTIAL, 1, p.one)).latencies.sort((a, b) => a - b));
  const p50 = (name: string) => percentile(latency.get(name)!, 50);
  const addedP50 = p50('via fetch service') - p50('undici direct');
  printTable(
    `Fetching a ${PAGE.length}-byte page from a loopback origin: median of ${ROUNDS} alternated rounds of ${REQUESTS} requests, ` +
      `${CONCURRENCY} concurrent; latency over ${SEQUENTIAL} requests one at a time`,
    paths.map(({ name }): BenchRow => {
      const l = latency.get(name)!;
      const added: Record<string, string> = name === 'undici direct' ? {} : { 'added p50': `${(p50(name) - p50('undici direct')).toFixed(2)} ms` };
      return {
        name,
        value: median(throughput.get(name)!),
        unit: 'req/s',
        extra: { p50: `${percentile(l, 50).toFixed(2)} ms`, p99: `${percentile(l, 99).toFixed(2)} ms`, ...added },
      };
    }),
    'undici direct',
  );
  const nonOk = [...statuses].filter(([status]) => status !== 200);
  if (nonOk.length) console.log(`service answered non-200: ${JSON.stringify(nonOk)}`);
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

  const throughputRatio = median(throughput.get('via fetch service')!) / median(throughput.get('undici direct')!);
  const forwarderRatio = median(throughput.get('minimal forwarder')!) / median(throughput.get('undici direct')!);
  const rssGrowth = Math.max(...rows.slice(1).map((r) => r.value)) / rows[0]!.value;
  console.log(
    `\ngoals: throughput ${(throughputRatio * 100).toFixed(0)}% of direct (>= 50%: ${throughputRatio >= 0.5 ? 'met' : 'NOT met'}), ` +
      `added p50 ${addedP50.toFixed(2)} ms (< 2 ms: ${addedP50 < 2 ? 'met' : 'NOT met'}), ` +
      `settled RSS after/before at most ${rssGrowth.toFixed(2)}x; a minimal forwarder reaches ${(forwarderRatio * 100).toFixed(0)}% here`,
  );

  await Promise.all([direct.close(), viaService.close(), viaForwarder.close()]);
  for (const proc of [service, forwarder, origin]) proc.kill('SIGTERM');
  // Goals are reported, not enforced (machines differ); a wrong answer is a failure.
  const refusedAll = rows.slice(1).every((r) => Number(r.extra?.['502 too large']) + Number(r.extra?.['503 shed']) === OVERSIZE_ROUNDS * OVERSIZE_CONCURRENT);
  process.exitCode = nonOk.length === 0 && refusedAll ? 0 : 1;
}

const [role, arg] = process.argv.slice(2);
if (role === 'origin') await runOrigin();
else if (role === 'service') await runService(Number(arg));
else if (role === 'forwarder') await runForwarder();
else await main();
