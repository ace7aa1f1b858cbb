// Requests per second for the meeting-platform mock, side by side in one run, for two operations: an
// authorised meeting-list page (page_size=30) and the token endpoint (a new token per call). Beside the
// mock (its node:http adapter, as `conform mock` runs it): a bare node:http server answering the same
// bytes (the floor: what any server on this machine costs), the same mock with its client judge left out
// (what judging costs the request path), the same mock through its msw adapter, and
// Stoplight Prism mocking the same OpenAPI operations. Each server runs in a child process of its own; the load client is autocannon in this one.
// Servers take turns round by round (a fresh process each), every other round in the reverse order
// (mirrored rounds: no server always follows another, so a machine warming up or busy with other work
// hits all alike), and each row shows its median round. `npm run bench -- meeting-platform`
// (BENCH_ROUNDS, default 3; BENCH_SECONDS per round, default 5).
// Goals: the mock, judging its client, at least 10x Prism on both operations, and at least 0.9x bare on
// the list page (0.5x on the token endpoint, which mints and signs a token per call); its client judge
// costs it at most a tenth: the mock at least 0.9x the mock with the judge off, on both operations.
// A goal is judged on the median of the rounds' ratios (pairedGoal in loadTest.ts).
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { exitOnTerm, loadRow, loadTest, pairedGoal, roundOrder, startChild, stopChild, type ChildServer, type Load } from './loadTest.ts';
import { printTable } from './printTable.ts';

const self = fileURLToPath(import.meta.url);
const root = fileURLToPath(new URL('../', import.meta.url));
const listPath = '/v2/users/me/meetings?page_size=30';
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const warmupSeconds = 1;
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

/** What a server child prints: where it is, and how to call it. */
interface Served {
  url: string;
  /** A bearer token for the list page. */
  token: string;
  /** The token request's Authorization and form body. */
  basic: string;
  form: string;
  /** The mock's own answers, so the bare server can send the same bytes. */
  listBody?: string;
  tokenBody?: string;
}

type Operation = 'list' | 'token';
const operations: Operation[] = ['list', 'token'];

if (process.argv[2] === '--serve') {
  exitOnTerm();
  const kind = process.argv[3];
  if (kind === 'mock-judge-off') (await import('./unjudgedRouteTable.ts')).withoutJudge();
  const served = kind === 'mock' || kind === 'mock-msw' || kind === 'mock-judge-off' ? await serveMock(kind === 'mock-msw' ? 'msw' : 'node') : await serveBare(process.argv[4] ?? '{}', process.argv[5] ?? '{}');
  process.stdout.write(`${JSON.stringify(served)}\n`);
} else {
  await main();
}

async function serveMock(adapter: 'node' | 'msw'): Promise<Served> {
  const { startMeetingPlatformServer } = await import('../mocks/meeting-platform/startMeetingPlatformServer.ts');
  const server = await startMeetingPlatformServer({ adapter });
  const { clientId, clientSecret, accountId } = server.accounts[0]!;
  const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  const form = `grant_type=account_credentials&account_id=${accountId}`;
  const tokenAnswer = await fetch(`${server.url}/oauth/token`, { method: 'POST', headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' }, body: form });
  const tokenBody = await tokenAnswer.text();
  const token = (JSON.parse(tokenBody) as { access_token: string }).access_token;
  const page = await fetch(`${server.url}${listPath}`, { headers: { authorization: `Bearer ${token}` } });
  return { url: server.url, token, basic, form, listBody: await page.text(), tokenBody };
}

/** The floor: fixed bytes, content-length set, nothing read. */
async function serveBare(listBody: string, tokenBody: string): Promise<Served> {
  const list = Buffer.from(listBody);
  const token = Buffer.from(tokenBody);
  const server = createServer((req, res) => {
    const payload = req.method === 'POST' ? token : list;
    res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8', 'content-length': payload.length });
    res.end(payload);
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: 'unused', basic: 'unused', form: '' };
}

/** Prism's own CLI mocking the project's OpenAPI file, answering from its examples (its logs unread). */
async function startPrism(credentials: Served): Promise<ChildServer<Served>> {
  const cli = createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js');
  const port = await freePort();
  const proc = spawn(process.execPath, [cli, 'mock', '-p', String(port), '-h', '127.0.0.1', `${root}specs/meeting-platform.openapi.yaml`], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      await fetch(`${url}${listPath}`, { headers: { authorization: 'Bearer bench' } });
      return { proc, served: { ...credentials, url }, stop: () => stopChild(proc) };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await stopChild(proc);
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

function load(served: Served, operation: Operation, duration: number, serverPid?: number): Promise<Load> {
  return operation === 'list'
    ? loadTest({ url: `${served.url}${listPath}`, headers: { authorization: `Bearer ${served.token}` }, seconds: duration, serverPid })
    : loadTest({
        serverPid,
        url: `${served.url}/oauth/token`,
        method: 'POST',
        headers: { authorization: served.basic, 'content-type': 'application/x-www-form-urlencoded' },
        body: served.form,
        seconds: duration,
      });
}

type Start = () => Promise<ChildServer<Served>>;

async function main(): Promise<void> {
  // The bare server answers the mock's own bytes, so both move the same payload.
  const probe = await startChild<Served>([self, '--serve', 'mock']);
  await probe.stop();
  const servers: Array<[string, Start]> = [
    ['bare node:http', () => startChild<Served>([self, '--serve', 'bare', probe.served.listBody!, probe.served.tokenBody!])],
    ['meeting-platform mock', () => startChild<Served>([self, '--serve', 'mock'])],
    // The same mock with no client judge in its route table: what judging costs the request path.
    ['mock, judge off', () => startChild<Served>([self, '--serve', 'mock-judge-off'])],
    // The same route table through msw's handlers, as a user's setupServer runs them (and as every
    // request went before the node:http adapter): what the direct adapter saves.
    ['mock via msw adapter', () => startChild<Served>([self, '--serve', 'mock-msw'])],
  ];
  if (prismInstalled()) servers.push(['prism mock', () => startPrism(probe.served)]);
  else console.log('note: @stoplight/prism-cli is not installed; the Prism row is skipped');

  const runs = new Map<string, Load[]>();
  for (let round = 0; round < rounds; round++) {
    for (const [name, start] of roundOrder(servers, round)) {
      const server = await start();
      try {
        for (const operation of operations) {
          await load(server.served, operation, warmupSeconds);
          const result = await load(server.served, operation, seconds, server.proc.pid);
          if (result.non2xx || result.errors) throw new Error(`${name} ${operation}: ${result.non2xx} answers were not 2xx, ${result.errors} failed`);
          const key = `${name}\n${operation}`;
          runs.set(key, [...(runs.get(key) ?? []), result]);
        }
      } finally {
        await server.stop();
      }
    }
  }

  const goals: string[] = [];
  for (const operation of operations) {
    const rows = servers.map(([name]) => loadRow(name, runs.get(`${name}\n${operation}`)!));
    const title = operation === 'list' ? `meeting list page (GET ${listPath})` : 'token endpoint (POST /oauth/token, a new token per call)';
    printTable(`${title}: ${seconds} s per round, 20 connections, median of ${rounds} mirrored rounds`, rows, 'bare node:http');
    const [bare, mock, judgeOff, , prism] = servers.map(([name]) => runs.get(`${name}\n${operation}`)!);
    goals.push(pairedGoal(`${operation}: mock/bare`, mock!, bare!, operation === 'list' ? 0.9 : 0.5));
    goals.push(pairedGoal(`${operation}: mock/judge off`, mock!, judgeOff!, 0.9));
    if (prism) goals.push(pairedGoal(`${operation}: mock/prism`, mock!, prism, 10, 1));
  }
  console.log(`\n${goals.join('\n')}`);
}
