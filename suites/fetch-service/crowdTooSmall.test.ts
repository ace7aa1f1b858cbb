// A crowd that got no 429 fails FS-429 only when it could have grown past any sensible limit: under a
// rate limit, a fetch held until the fetch timeout leaves about rate x timeout in flight at most.
import { expect, test } from 'vitest';
import type { Exchange } from './fetchClient.ts';
import { crowdTooSmall, maxCrowd, type Crowd } from './provokeTooMany.ts';
import type { SuiteTarget } from './SuiteTarget.ts';

const target = (rateLimit: number | undefined, fetchTimeoutMs: number, endpoint = 'https://fetch.example/v1/fetch') =>
  ({ client: { endpoint }, target: { limits: { rateLimit } }, fetchTimeoutMs }) as unknown as SuiteTarget;
const crowd = (tooMany?: Exchange, repliedAfterMs: number[] = []): Crowd => ({ tooMany, started: maxCrowd, peak: maxCrowd, replies: repliedAfterMs.map((durationMs) => ({ status: 504, durationMs }) as Exchange), cut: undefined });

test.each([
  ['10 a second, a 1.5 s timeout: about 15 in flight, not judged', target(10, 1500), true],
  ['10 a second, a 60 s timeout (the seed\'s): 600, judged', target(10, 60_000), false],
  ['no rate limit (0): judged', target(0, 1500), false],
  ['on loopback without --rate-limit: no limit, judged', target(undefined, 1500, 'http://127.0.0.1:4020/v1/fetch'), false],
  ['elsewhere without --rate-limit: 10 a second, a 5 s timeout, not judged', target(undefined, 5000), true],
  ['64 a second for exactly 1 s: the crowd can reach 64, judged', target(64, 1000), false],
] as const)('%s', (_, s, unjudged) => {
  const why = crowdTooSmall(s, crowd());
  expect(why !== undefined).toBe(unjudged);
  if (why) expect(why).toMatch(/^not judged: at \d+ requests a second \(--rate-limit\), with each slow fetch held [\d.]+ s by the target, at most about \d+ fetches can be in flight at once/);
});

test('the hold measured wins over the timeout given: a target that gives up on a slow fetch sooner than --fetch-timeout says', () => {
  // --fetch-timeout 60 (the seed's) but 504s after 5 s: about 50 in flight at 10 a second.
  expect(crowdTooSmall(target(10, 60_000), crowd(undefined, [4_990, 5_020, 5_001]))).toMatch(/held 5\.0 s by the target, at most about 50 fetches/);
  expect(crowdTooSmall(target(10, 5_000), crowd(undefined, [7_000]))).toBeUndefined();
});

test('a 429 is judged whatever the crowd could reach', () => {
  expect(crowdTooSmall(target(10, 1500), crowd({ status: 429 } as Exchange))).toBeUndefined();
});
