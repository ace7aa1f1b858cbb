// What accounts for tests side by side cost the meeting mock's hot path, and whether its memory stays flat
// over a day's worth of accounts. Requests per second of the authorised meeting-list page (page_size=30)
// on the default account, side by side in one run: today's mock (createMeetingPlatformMock served
// straight, no account layer), the mock as `conform mock` serves it with no account created (the account
// table in front answers straight through), and the same with 10 accounts created (every request's bearer
// token decoded to find its account). Then, in a process of its own under --expose-gc, 5,000 accounts
// created and deleted, and 5,000 more created past the cap of 100 (the idle-longest evicted): heap used
// after a GC before and after. `npm run bench -- meeting-platform-accounts`
// Goals: no accounts at least 0.95x today's; 10 accounts at least 0.95x today's (each judged on the median
// of mirrored rounds' ratios: roundOrder and pairedGoal in loadTest.ts); heap after within 10 MiB of before.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { exitOnTerm, loadRow, loadTest, MiB, pairedGoal, roundOrder, startChild, type ChildServer, type Load } from './loadTest.ts';
import { printTable } from './printTable.ts';

const self = fileURLToPath(import.meta.url);
const listPath = '/v2/users/me/meetings?page_size=30';
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const warmupSeconds = 1;
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const churn = 5_000;

interface Served {
  url: string;
  token: string;
}

type Kind = 'today' | 'no-accounts' | 'ten-accounts';

if (process.argv[2] === '--serve') {
  exitOnTerm();
  process.stdout.write(`${JSON.stringify(await serve(process.argv[3] as Kind))}\n`);
} else if (process.argv[2] === '--memory') {
  process.stdout.write(`${JSON.stringify(await memory())}\n`);
} else {
  await main();
}

async function serve(kind: Kind): Promise<Served> {
  let url: string;
  if (kind === 'today') {
    const { serveMock } = await import('../mocks/serveMock.ts');
    const { createMeetingPlatformMock } = await import('../mocks/meeting-platform/createMeetingPlatformMock.ts');
    const { htmlNotFound } = await import('../mocks/meeting-platform/htmlNotFound.ts');
    const { plainFallback } = await import('../mocks/MockExchange.ts');
    const served = await serveMock((u) => createMeetingPlatformMock({ authUrl: u, apiBaseUrl: u }), { adapter: 'node', fallback: (p) => (p.status === 404 ? htmlNotFound() : plainFallback(p)) });
    url = served.url;
  } else {
    const { startMeetingPlatformServer } = await import('../mocks/meeting-platform/startMeetingPlatformServer.ts');
    const server = await startMeetingPlatformServer();
    if (kind === 'ten-accounts') for (let i = 0; i < 10; i++) server.mock.control.accounts.create({ label: `bench ${i}` });
    url = server.url;
  }
  const { demoAccount } = await import('../mocks/meeting-platform/demoAccount.ts');
  const answer = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${demoAccount.clientId}:${demoAccount.clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: `grant_type=account_credentials&account_id=${demoAccount.accountId}`,
  });
  return { url, token: ((await answer.json()) as { access_token: string }).access_token };
}

async function memory(): Promise<Record<string, number>> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc');
  const { createMeetingPlatformMockWithAccounts } = await import('../mocks/meeting-platform/createMeetingPlatformMockWithAccounts.ts');
  const mock = createMeetingPlatformMockWithAccounts({ authUrl: 'http://127.0.0.1:4010', apiBaseUrl: 'http://127.0.0.1:4010' });
  // One made and dropped first, so that modules and compiled specs loaded once are not counted as growth.
  mock.control.accounts.delete(mock.control.accounts.create().accountId);
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < churn; i++) {
    const { accountId } = mock.control.accounts.create({ label: `churn ${i}` });
    mock.control.forAccount(accountId).reset();
    mock.control.accounts.delete(accountId);
  }
  gc();
  const afterChurn = process.memoryUsage().heapUsed;
  for (let i = 0; i < churn; i++) mock.control.accounts.create({ label: `capped ${i}` });
  const kept = mock.control.accounts.list().length - 1;
  gc();
  const afterCap = process.memoryUsage().heapUsed;
  return { before, afterChurn, afterCap, kept };
}

async function main(): Promise<void> {
  const servers: Array<[string, Kind]> = [
    ["today's mock (no account layer)", 'today'],
    ['mock, no accounts created', 'no-accounts'],
    ['mock, 10 accounts created', 'ten-accounts'],
  ];
  const runs = new Map<string, Load[]>();
  for (let round = 0; round < rounds; round++) {
    for (const [name, kind] of roundOrder(servers, round)) {
      const server: ChildServer<Served> = await startChild<Served>([self, '--serve', kind]);
      try {
        const load = (duration: number, pid?: number) => loadTest({ url: `${server.served.url}${listPath}`, headers: { authorization: `Bearer ${server.served.token}` }, seconds: duration, serverPid: pid });
        await load(warmupSeconds);
        const result = await load(seconds, server.proc.pid);
        if (result.non2xx || result.errors) throw new Error(`${name}: ${result.non2xx} answers were not 2xx, ${result.errors} failed`);
        runs.set(name, [...(runs.get(name) ?? []), result]);
      } finally {
        await server.stop();
      }
    }
  }
  const rows = servers.map(([name]) => loadRow(name, runs.get(name)!));
  printTable(`meeting list page (GET ${listPath}) on the default account: ${seconds} s per round, 20 connections, median of ${rounds} mirrored rounds`, rows, servers[0]![0]);
  const today = runs.get(servers[0]![0])!;
  const goals = servers.slice(1).map(([name]) => pairedGoal(`${name}/today`, runs.get(name)!, today, 0.95));

  const proc = spawn(process.execPath, ['--expose-gc', self, '--memory'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  proc.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  const code = await new Promise((resolve) => proc.once('exit', resolve));
  if (code !== 0) throw new Error(`the memory child exited with ${String(code)}`);
  const m = JSON.parse(out) as { before: number; afterChurn: number; afterCap: number; kept: number };
  const mib = (n: number) => `${(n / MiB).toFixed(1)} MiB`;
  console.log(`\nheap used after GC: before ${mib(m.before)}; after ${churn} accounts created, reset and deleted ${mib(m.afterChurn)}; after ${churn} more created past the cap ${mib(m.afterCap)} (${m.kept} kept)`);
  const grown = m.afterChurn - m.before;
  goals.push(`heap growth over ${churn} created and deleted ${mib(grown)} (goal <= 10 MiB: ${grown <= 10 * MiB ? 'met' : 'NOT met'})`);
  console.log(`\n${goals.join('\n')}`);
}
