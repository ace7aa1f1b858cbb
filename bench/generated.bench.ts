// The generated checks, measured: (1) generated requests per second, each one made, sent and its answer
// judged against the spec, against the embedded targets and two floors measured in the same run (no
// server at all, and a bare node:http server with one canned answer); (2) for each broken variant of
// suites/*/fixtures/generatedVariants.ts, how many generated requests it takes to find it, over several seeds.
// Everything runs in this one process, servers included. `node bench/generated.bench.ts`
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFetchServiceMock } from '../mocks/fetch-service/startFetchServiceMock.ts';
import { startMeetingPlatformServer } from '../mocks/meeting-platform/startMeetingPlatformServer.ts';
import type { FuzzBinding } from '../src/harness/suite-api/FuzzBinding.ts';
import { generatedClauses } from '../src/harness/suite-api/GeneratedClause.ts';
import { FuzzSession } from '../src/harness/suite-api/FuzzSession.ts';
import { embeddedLimits, startEmbeddedReference, startWarmFarm } from '../src/harness/targets/startFetchServiceTargets.ts';
import { defaultFuzzRuns, type MeetingPlatformTarget } from '../src/harness/suite-api/targets.ts';
import { mixSeed } from '../src/json/mixSeed.ts';
import { fetchFuzzBinding } from '../suites/fetch-service/fetchFuzzBinding.ts';
import { fuzzClauses } from '../suites/fetch-service/fuzzChecks.ts';
import { suiteTarget } from '../suites/fetch-service/SuiteTarget.ts';
import { generatedVariants as fetchVariants } from '../suites/fetch-service/fixtures/generatedVariants.ts';
import { startBrokenService } from '../suites/fetch-service/fixtures/startBrokenService.ts';
import { generatedVariants as meetingVariants } from '../suites/meeting-platform/fixtures/generatedVariants.ts';
import { LinkWalk, linkRuns } from '../suites/meeting-platform/linkWalk.ts';
import { meetingFuzzBinding } from '../suites/meeting-platform/meetingFuzzBinding.ts';
import { fuzzClauses as meetingFuzzClauses } from '../suites/meeting-platform/fuzzChecks.ts';
import { median } from './loadTest.ts';
import { printTable, type BenchRow } from './printTable.ts';
import { defaultLimits } from '../src/exchange/exchangeLimits.ts';

const runs = Number(process.env.BENCH_FUZZ_RUNS ?? 200);
const seeds = Number(process.env.BENCH_SEEDS ?? 11);
const apiKey = `bench-${randomBytes(8).toString('hex')}`;

/** Requests per second of every operation's crash clause (valid and mutated sequences) against a binding. */
async function rate(binding: FuzzBinding): Promise<{ rps: number; sent: number }> {
  const fuzz = new FuzzSession(binding, { seed: 7, runs });
  const started = performance.now();
  for (const { operation } of binding.operations) await fuzz.check(operation.operationId, 'NO-5XX', { maxShrinkTries: 0 });
  return { rps: (fuzz.sent / (performance.now() - started)) * 1000, sent: fuzz.sent };
}

/** A binding whose every request is answered in memory with the same conforming reply. */
function canned(binding: FuzzBinding, reply: { status: number; body: string }): FuzzBinding {
  return { ...binding, send: async () => ({ shown: { method: 'POST', url: 'http://canned.invalid/', headers: [] }, status: reply.status, headers: { 'content-type': 'application/json' }, body: reply.body, durationMs: 0 }) };
}

const cannedResult = JSON.stringify({ id: '1', statusCode: 200, headers: {}, content: '', contentType: 'text/plain', encoding: 'utf-8' });

async function bareServer(body: string): Promise<{ url: string; close(): Promise<void> }> {
  const payload = Buffer.from(body);
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json', 'content-length': payload.length }).end(payload));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const farm = await startWarmFarm();
const fetchTarget = async (baseUrl: string) => suiteTarget({ label: baseUrl, baseUrl, apiKeyVar: 'SVC_API_KEY', apiKey, originUrl: farm.httpUrl, fetchTimeoutSeconds: embeddedLimits.timeoutMs / 1000, embedded: true, limits: defaultLimits }, defaultLimits);
const meetingTarget = (url: string, credentials: MeetingPlatformTarget['credentials']): MeetingPlatformTarget => ({ label: url, authUrl: url, apiBaseUrl: url, credentials, embedded: true, limits: defaultLimits });

// (1) Throughput.
const bare = await bareServer(cannedResult);
const reference = await startEmbeddedReference(farm, apiKey, { maxConcurrency: 64 });
const fetchMock = await startFetchServiceMock({ apiKeys: [apiKey], farm, limits: { ...embeddedLimits, maxConcurrency: 64 } });
const meetingMock = await startMeetingPlatformServer();
const meeting = meetingTarget(meetingMock.url, meetingMock.accounts[0]!);
const rows: BenchRow[] = [];
const measure = async (name: string, binding: FuzzBinding) => {
  const { rps, sent } = await rate(binding);
  rows.push({ name, value: rps, unit: 'req/s', extra: { sent: String(sent) } });
};
await measure('no server (canned answer in memory)', canned(fetchFuzzBinding(await fetchTarget(bare.url), fuzzClauses), { status: 200, body: cannedResult }));
await measure('bare node:http, canned answer', fetchFuzzBinding(await fetchTarget(bare.url), fuzzClauses));
await measure('fetch-service mock (embedded)', fetchFuzzBinding(await fetchTarget(fetchMock.url), fuzzClauses));
await measure('fetch-service reference (embedded)', fetchFuzzBinding(await fetchTarget(reference.url), fuzzClauses));
await measure('meeting-platform mock (embedded)', meetingFuzzBinding(meeting, meetingFuzzClauses));
printTable(`Generated requests per second (${runs} valid + ${runs} mutated per operation, each answer judged against the spec, no shrinking)`, rows, 'bare node:http, canned answer');
await Promise.all([bare.close(), reference.close(), fetchMock.close(), meetingMock.close()]);

// (2) Generated requests until the first failure, per broken variant, over several seeds: counted within
// the sequence that finds it (valid or mutated requests of one operation, or page sizes of the link walk),
// whose default budget is --fuzz-runs 100 (10 page sizes for the walk).
const variantRows: BenchRow[] = [];
async function firstFailures(name: string, budget: number, find: (seed: number) => Promise<{ at: number; sequence: string } | undefined>): Promise<void> {
  const at: number[] = [];
  const sequences = new Set<string>();
  for (let seed = 1; seed <= seeds; seed++) {
    const found = await find(seed);
    at.push(found?.at ?? Infinity);
    if (found) sequences.add(found.sequence);
  }
  variantRows.push({ name, value: median(at), unit: 'requests', extra: { sequence: [...sequences].join(', '), max: String(Math.max(...at)), 'found within the default budget': `${at.filter((n) => n <= budget).length}/${at.length}` } });
}
const beyond = 4 * defaultFuzzRuns;
const sequenceOf = (mutated: boolean) => (mutated ? 'mutated' : 'valid');

for (const variant of fetchVariants) {
  const service = await startBrokenService(farm, apiKey, { transform: () => variant.transform });
  const binding = fetchFuzzBinding(await fetchTarget(service.url), fuzzClauses);
  const clause = variant.breaks[0]!.replace('FS-FUZZ-', '') as (typeof generatedClauses)[number];
  await firstFailures(`fetch: ${variant.name} (${variant.breaks[0]})`, defaultFuzzRuns, async (seed) => {
    const f = (await new FuzzSession(binding, { seed, runs: beyond }).check('fetchPage', clause, { maxShrinkTries: 0 })).failure;
    return f && { at: f.runs, sequence: sequenceOf(Boolean(f.request.mutation)) };
  });
  await service.close();
}
for (const variant of meetingVariants) {
  const server = await startMeetingPlatformServer({ prepend: variant.prepend });
  const target = meetingTarget(server.url, server.accounts[0]!);
  const clause = variant.breaks[0]!;
  const links = clause === 'MP-FUZZ-LINKS';
  await firstFailures(`meeting: ${variant.name} (${clause})`, links ? linkRuns(defaultFuzzRuns) : defaultFuzzRuns, async (seed) => {
    if (links) {
      const f = (await new LinkWalk(target).check({ seed: mixSeed(seed, 0x11c5), runs: 4 * linkRuns(defaultFuzzRuns) })).failure;
      return f && { at: f.runs, sequence: 'page sizes' };
    }
    const fuzz = new FuzzSession(meetingFuzzBinding(target, meetingFuzzClauses), { seed, runs: beyond });
    for (const { operation } of fuzz.binding.operations) {
      const f = (await fuzz.check(operation.operationId, clause.replace('MP-FUZZ-', '') as (typeof generatedClauses)[number], { maxShrinkTries: 0 })).failure;
      if (f) return { at: f.runs, sequence: `${operation.operationId} ${sequenceOf(Boolean(f.request.mutation))}` };
    }
    return undefined;
  });
  await server.close();
}
printTable(`Generated requests until the first failure, median of ${seeds} seeds (default budget: ${defaultFuzzRuns} per operation and kind, ${linkRuns(defaultFuzzRuns)} page sizes)`, variantRows);
await farm.close();
