// Requests per second for one authorised meeting-list page (page_size=30), side by side in one run:
// the meeting-platform mock over HTTP, a bare node:http server answering the same bytes, and Stoplight
// Prism mocking the same OpenAPI operation when @stoplight/prism-cli is installed. Each server runs in a
// child process of its own, so the load client (undici, fixed concurrency, bounded request count) does
// not share its CPU. `node bench/meeting-platform.bench.ts`
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { printTable, type BenchRow } from './printTable.ts';

const self = fileURLToPath(import.meta.url);
const root = fileURLToPath(new URL('../', import.meta.url));
const listPath = '/v2/users/me/meetings?page_size=30';
const concurrency = 32;
const warmupRequests = 2_000;
const measuredRequests = Number(process.env.BENCH_REQUESTS ?? 10_000);
/** Servers take turns, and each keeps its median round: a machine busy with other work hits both alike. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

interface Served {
  url: string;
  token: string;
  /** Only the bare server needs it: the body it answers with. */
  body?: string;
}

// Child mode: serve one kind, print {url, token} on stdout, run until killed.
if (process.argv[2] === '--serve') {
  const kind = process.argv[3];
  const served = kind === 'mock' ? await serveMock() : await serveBare(process.argv[4] ?? '{}');
  process.stdout.write(`${JSON.stringify(served)}\n`);
} else {
  await main();
}

async function serveMock(): Promise<Served> {
  const { startMeetingPlatformServer } = await import('../mocks/meeting-platform/startMeetingPlatformServer.ts');
  const server = await startMeetingPlatformServer();
  const { requestToken } = await import('../src/meeting-platform/platformRequests.ts');
  const answer = await requestToken({ authUrl: server.url, credentials: server.accounts[0]! });
  const { access_token } = answer.json as { access_token: string };
  const page = await fetch(`${server.url}${listPath}`, { headers: { authorization: `Bearer ${access_token}` } });
  return { url: server.url, token: access_token, body: await page.text() };
}

async function serveBare(body: string): Promise<Served> {
  const payload = Buffer.from(body);
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8', 'content-length': payload.length });
    res.end(payload);
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: 'unused' };
}

/** Starts `node this-file --serve KIND` and reads its first line. */
async function child(args: string[]): Promise<{ proc: ChildProcess; served: Served }> {
  const proc = spawn(process.execPath, [self, '--serve', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const served = await new Promise<Served>((resolve, reject) => {
    let out = '';
    proc.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve(JSON.parse(line) as Served);
    });
    proc.on('exit', (code) => reject(new Error(`server child exited with ${code}`)));
  });
  return { proc, served };
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** `total` GETs of the list page over `concurrency` keep-alive connections. */
async function load(url: string, token: string, total: number): Promise<Load> {
  const pool = new Pool(url, { connections: concurrency, pipelining: 1 });
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      next++;
      const t0 = performance.now();
      const { statusCode, body } = await pool.request({ path: listPath, method: 'GET', headers: { authorization: `Bearer ${token}` } });
      await body.dump();
      if (statusCode !== 200) errors++;
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: total / seconds, p50: at(0.5), p99: at(0.99), errors };
}

type Start = () => Promise<{ proc: ChildProcess; served: Served }>;

/** One round against a fresh server: warm-up, then the measured requests. */
async function measureOnce(name: string, start: Start): Promise<Load> {
  const { proc, served } = await start();
  try {
    await load(served.url, served.token, warmupRequests);
    const result = await load(served.url, served.token, measuredRequests);
    if (result.errors) throw new Error(`${name}: ${result.errors} answers were not 200`);
    return result;
  } finally {
    proc.kill();
  }
}

/** Every server once per round, in turn; each row is that server's median round. */
async function measureInTurns(servers: Array<[string, Start]>): Promise<BenchRow[]> {
  const results = new Map<string, Load[]>(servers.map(([name]) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, start] of servers) results.get(name)!.push(await measureOnce(name, start));
  }
  return servers.map(([name]) => {
    const sorted = results.get(name)!.sort((a, b) => a.rps - b.rps);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    return { name, value: median.rps, unit: 'req/s', extra: { p50: `${median.p50.toFixed(2)} ms`, p99: `${median.p99.toFixed(2)} ms`, rounds: sorted.map((r) => Math.round(r.rps)).join(' / ') } };
  });
}

/** Prism, when installed: `prism mock` of the same spec, answering the same operation from its example. */
async function startPrism(): Promise<{ proc: ChildProcess; served: Served }> {
  const cli = createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js');
  const port = await freePort();
  const proc = spawn(process.execPath, [cli, 'mock', '-p', String(port), '-h', '127.0.0.1', `${root}specs/meeting-platform.openapi.yaml`], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${url}${listPath}`, { headers: { authorization: 'Bearer bench' } });
      return { proc, served: { url, token: 'bench' } };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  proc.kill();
  throw new Error('prism did not start');
}

function prismInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json');
    return true;
  } catch {
    return false;
  }
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function main(): Promise<void> {
  // The bare server answers the mock's own page, byte for byte, so both move the same payload.
  const probe = await child(['mock']);
  probe.proc.kill();
  const servers: Array<[string, Start]> = [
    ['bare node:http', () => child(['bare', probe.served.body ?? '{}'])],
    ['meeting-platform mock', () => child(['mock'])],
  ];
  if (prismInstalled()) servers.push(['prism mock', startPrism]);
  else console.log('note: @stoplight/prism-cli is not installed; the Prism row is skipped (npm i -D @stoplight/prism-cli to include it)');
  const rows = await measureInTurns(servers);
  printTable(`meeting list page (page_size=30): ${measuredRequests} requests per round, ${concurrency} connections, median of ${rounds} rounds`, rows, 'bare node:http');
  const [bare, mock] = rows;
  console.log(`\nmock / bare = ${(mock!.value / bare!.value).toFixed(2)} (goal: at least 0.50)`);
}
