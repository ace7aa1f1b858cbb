// The meeting platform's client judge on its own, in this process, beside the mock's own answer: the
// judge's time per exchange on the two operations bench/meeting-platform.bench.ts loads (an authorised
// list page, and the token endpoint with a new token per call), fed as a mock feeds it (record, judged in
// batches of 256, each right after the mock answered it). The HTTP bench says what the judge costs the request path in all; this one says how much of
// it is the judge's own work, without the noise of a server and a load client.
// `npm run bench -- client-judge`. Rounds: BENCH_ROUNDS (default 5), exchanges per round: BENCH_EXCHANGES
// (default 30,000).
import { withoutJudge } from './unjudgedRouteTable.ts';
import { printTable, type BenchRow } from './printTable.ts';

// The mock answers with no judge of its own in between: the one judge timed here is fed its exchanges.
withoutJudge();
const { createMeetingPlatformMockWithAccounts } = await import('../mocks/meeting-platform/createMeetingPlatformMockWithAccounts.ts');
const { meetingPlatformClientJudge } = await import('../src/client/meeting-platform/meetingPlatformClientJudge.ts');
type ClientExchange = import('../src/client/ClientExchange.ts').ClientExchange;
type MockRequest = import('../mocks/MockExchange.ts').MockRequest;

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const count = Math.ceil(Number(process.env.BENCH_EXCHANGES ?? 30_000) / 256) * 256;
/** Rounds run first and not counted: the code is compiled by the time the counted rounds run. */
const warmupRounds = 2;
/** The judge's queue: recording the 256th exchange has the judge judge them all at once. */
const batch = 256;
const url = 'http://127.0.0.1:9';
const mock = createMeetingPlatformMockWithAccounts({ authUrl: url, apiBaseUrl: url });
const { clientId, clientSecret, accountId } = mock.accounts[0]!;
const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
const form = `grant_type=account_credentials&account_id=${accountId}`;

/** A request as the node:http adapter hands one over: a fresh object each time, headers as a client sends them. */
function request(method: string, path: string, query: string, headers: Record<string, string>, body = ''): MockRequest {
  return { method, origin: url, path, query, headers: { host: '127.0.0.1:9', connection: 'keep-alive', ...headers }, body, onHangUp() {} };
}
const tokenRequest = () => request('POST', '/oauth/token', '', { authorization: basic, 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(form.length) }, form);

function answered(make: () => MockRequest, at: number): ClientExchange {
  const req = make();
  const answer = mock.routes.answer(req);
  if (answer instanceof Promise || answer.status !== 200) throw new Error('the mock did not answer 200 at once');
  return { request: req, answer, receivedAt: at, answeredAt: at };
}

const first = answered(tokenRequest, 0);
const token = (JSON.parse(first.answer.body) as { access_token: string }).access_token;
const listRequest = () => request('GET', '/v2/users/me/meetings', 'page_size=30', { authorization: `Bearer ${token}` });
const operations: Array<[string, () => MockRequest]> = [
  ['list page (GET /v2/users/me/meetings?page_size=30)', listRequest],
  ['token endpoint (POST /oauth/token, a new token per call)', tokenRequest],
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const nsSince = (start: bigint) => Number(process.hrtime.bigint() - start);

for (const [title, make] of operations) {
  const mockNs: number[] = [];
  const judgeNs: number[] = [];
  for (let round = -warmupRounds; round < rounds; round++) {
    // Batches of 256 (the judge's queue: the 256th exchange recorded has the batch judged at once), each
    // judged right after the mock answered it, as a mock's are: the mock's time, then the judge's.
    const judge = meetingPlatformClientJudge({ authUrl: url, apiBaseUrl: url });
    let mockTotal = 0;
    let judgeTotal = 0;
    for (let done = 0; done < count; done += batch) {
      let start = process.hrtime.bigint();
      const exchanges = Array.from({ length: batch }, (_, i) => answered(make, 1_000 + done + i));
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
