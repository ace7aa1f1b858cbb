// The meeting platform's client judge on its own, in this process, beside the mock's own answer: the
// judge's time per exchange on the two operations bench/meeting-platform.bench.ts loads (an authorised
// list page, and the token endpoint with a new token per call), built as a mock builds it (given the
// mock's token namer) and fed as a mock feeds it (record, judged in batches of 256, each right after the
// mock answered it). The HTTP bench says what the judge costs the request path in all; this one says how
// much of it is the judge's own work, without the noise of a server and a load client.
// `npm run bench -- client-judge`. Rounds: BENCH_ROUNDS (default 5), exchanges per round: BENCH_EXCHANGES
// (default 30,000).
import { withoutJudge } from './unjudgedRouteTable.ts';
import { printTable, type BenchRow } from './printTable.ts';

// The mock answers with no judge of its own in between: the one judge timed here is fed its exchanges.
withoutJudge();
const { createMeetingPlatformMockWithAccounts } = await import('../mocks/meeting-platform/createMeetingPlatformMockWithAccounts.ts');
const { meetingPlatformClientJudge } = await import('../src/client/meeting-platform/meetingPlatformClientJudge.ts');
const { manualClock } = await import('../mocks/meeting-platform/clock.ts');
type ClientExchange = import('../src/client/ClientExchange.ts').ClientExchange;
type MockRequest = import('../mocks/MockExchange.ts').MockRequest;
type TokenNamer = import('../src/client/ClientExchange.ts').TokenNamer;

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const count = Math.ceil(Number(process.env.BENCH_EXCHANGES ?? 30_000) / 256) * 256;
/** Rounds run first and not counted: the code is compiled by the time the counted rounds run. */
const warmupRounds = 2;
/** The judge's queue: recording the 256th exchange has the judge judge them all at once. */
const batch = 256;
const url = 'http://127.0.0.1:9';

/** A request as the node:http adapter hands one over: a fresh object each time, headers as a client sends them. */
function request(method: string, path: string, query: string, headers: Record<string, string>, body = ''): MockRequest {
  return { method, origin: url, path, query, headers: { host: '127.0.0.1:9', connection: 'keep-alive', ...headers }, body, onHangUp() {} };
}

type Operation = 'list' | 'token' | 'list, a new page token each second';

/**
 * A fresh mock on a clock of its own, and its answers as exchanges on that clock. The third operation
 * moves the clock a second on every 20 calls, so that each second's list page hands out a new
 * next_page_token that the client never follows: 30,000 calls are 25 minutes of a session, past the
 * 15 minutes a page token lives, with about 900 of them pending at once.
 */
function session(operation: Operation): { next: () => ClientExchange; tokenNamer: TokenNamer } {
  const clock = manualClock();
  const mock = createMeetingPlatformMockWithAccounts({ authUrl: url, apiBaseUrl: url, clock });
  const { clientId, clientSecret, accountId } = mock.accounts[0]!;
  const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  const form = `grant_type=account_credentials&account_id=${accountId}`;
  const tokenRequest = () => request('POST', '/oauth/token', '', { authorization: basic, 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(form.length) }, form);
  const answered = (make: () => MockRequest): ClientExchange => {
    const req = make();
    const answer = mock.routes.answer(req);
    if (answer instanceof Promise || answer.status !== 200) throw new Error('the mock did not answer 200 at once');
    return { request: req, answer, receivedAt: clock(), answeredAt: clock() };
  };
  const token = (JSON.parse(answered(tokenRequest).answer.body) as { access_token: string }).access_token;
  const listRequest = () => request('GET', '/v2/users/me/meetings', 'page_size=30', { authorization: `Bearer ${token}` });
  const { tokenNamer } = mock;
  if (operation === 'token') return { next: () => answered(tokenRequest), tokenNamer };
  if (operation === 'list') return { next: () => answered(listRequest), tokenNamer };
  let calls = 0;
  const next = () => {
    if (++calls % 20 === 0) clock.advance(1_000);
    return answered(listRequest);
  };
  return { next, tokenNamer };
}

const operations: Array<[Operation, string]> = [
  ['list', 'list page (GET /v2/users/me/meetings?page_size=30)'],
  ['token', 'token endpoint (POST /oauth/token, a new token per call)'],
  ['list, a new page token each second', 'list page, a new next_page_token each second, never followed (25 minutes of a session)'],
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const nsSince = (start: bigint) => Number(process.hrtime.bigint() - start);

for (const [operation, title] of operations) {
  const mockNs: number[] = [];
  const judgeNs: number[] = [];
  for (let round = -warmupRounds; round < rounds; round++) {
    const { next, tokenNamer } = session(operation);
    // Batches of 256 (the judge's queue: the 256th exchange recorded has the batch judged at once), each
    // judged right after the mock answered it, as a mock's are: the mock's time, then the judge's.
    // Given the mock's token namer, as the mock gives its own judge: its tokens are not hashed.
    const judge = meetingPlatformClientJudge({ authUrl: url, apiBaseUrl: url, tokenNamer });
    let mockTotal = 0;
    let judgeTotal = 0;
    for (let done = 0; done < count; done += batch) {
      let start = process.hrtime.bigint();
      const exchanges = Array.from({ length: batch }, next);
      mockTotal += nsSince(start);
      start = process.hrtime.bigint();
      for (const exchange of exchanges) judge.record(exchange);
      judgeTotal += nsSince(start);
    }
    const mockTime = mockTotal / count;
    const judgeTime = judgeTotal / count;
    if (round >= 0) {
      mockNs.push(mockTime);
      judgeNs.push(judgeTime);
    }
    // Let the next round start from a quiet heap, as far as a bench can ask for one.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const rows: BenchRow[] = [
    { name: "the mock's answer", value: median(mockNs), unit: 'ns', extra: { rounds: mockNs.map((n) => Math.round(n)).join(' / ') } },
    { name: 'the client judge', value: median(judgeNs), unit: 'ns', extra: { rounds: judgeNs.map((n) => Math.round(n)).join(' / ') } },
  ];
  printTable(`${title}: time per exchange, in-process, ${count.toLocaleString('en-US')} exchanges per round, median of ${rounds} rounds after ${warmupRounds} not counted`, rows, "the mock's answer");
}
