import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import { encodeRequest } from '../../openapi/encodeRequest.ts';
import type { GeneratedRequest } from '../../openapi/GeneratedRequest.ts';
import { loadSpec } from '../../openapi/loadSpec.ts';
import type { FuzzBinding, SentExchange } from './FuzzBinding.ts';
import { FuzzSession, type FuzzOutcome } from './FuzzSession.ts';

const spec = loadSpec('meeting-platform');
const listMeetings = spec.operation('listMeetings');

/**
 * A stand-in platform for the list operation, pure and deterministic: every answer is a 400 but for a
 * page_size of 250 and more, a 500 (what the crash clause looks for). Each answer takes a few turns of
 * the event loop, not milliseconds, so that requests sent side by side overlap; it counts how many do.
 */
function platform(crashFrom = 250) {
  const seen = { sent: 0, inFlight: 0, mostInFlight: 0 };
  const binding: FuzzBinding = {
    suite: 'meeting-platform',
    clauses: { 'NO-5XX': 'MP-FUZZ-NO-5XX', POSITIVE: 'MP-FUZZ-POSITIVE', NEGATIVE: 'MP-FUZZ-NEGATIVE' },
    spec,
    operations: [{ operation: listMeetings, options: {} }],
    async send(operation, request: GeneratedRequest): Promise<SentExchange> {
      seen.sent++;
      seen.inFlight++;
      seen.mostInFlight = Math.max(seen.mostInFlight, seen.inFlight);
      for (let turn = 0; turn < 5; turn++) await nextTurn();
      seen.inFlight--;
      const encoded = encodeRequest(operation, request);
      const pageSize = Number(new URLSearchParams(encoded.query).get('page_size'));
      const status = pageSize >= crashFrom ? 500 : 400;
      return { status, headers: { 'content-type': 'application/json' }, body: '{"code":300,"message":"no"}', shown: { method: 'GET', url: `http://127.0.0.1/v2/users/me/meetings?${encoded.query}`, headers: [] }, durationMs: 1 };
    },
  };
  return { binding, seen };
}

/** The verdict and its counts, what a report shows of an outcome. */
const verdictOf = (o: FuzzOutcome) => ({ tried: o.tried, tally: o.tally, problem: o.failure?.problem, request: o.failure?.request });

describe('generated requests sent side by side while one is judged', () => {
  test('the same verdict, the same counts, and the same requests judged as one at a time; with several in flight at once', async () => {
    const alone = platform();
    const oneAtATime = await new FuzzSession(alone.binding, { seed: 7, runs: 100, lookAhead: 0 }).check('listMeetings', 'NO-5XX');
    const ahead = platform();
    const sideBySide = await new FuzzSession(ahead.binding, { seed: 7, runs: 100, lookAhead: 8 }).check('listMeetings', 'NO-5XX');
    expect(verdictOf(sideBySide)).toEqual(verdictOf(oneAtATime));
    expect(alone.seen.mostInFlight).toBe(1);
    expect(ahead.seen.mostInFlight).toBeGreaterThan(1);
    expect(ahead.seen.mostInFlight).toBeLessThanOrEqual(9);
  });

  test('a failure found: at most the look-ahead more requests sent than one at a time', async () => {
    const alone = platform(100);
    const oneAtATime = await new FuzzSession(alone.binding, { seed: 7, runs: 100, lookAhead: 0 }).check('listMeetings', 'NO-5XX');
    expect(oneAtATime.failure?.problem).toMatch(/500/);
    const ahead = platform(100);
    const sideBySide = await new FuzzSession(ahead.binding, { seed: 7, runs: 100, lookAhead: 8 }).check('listMeetings', 'NO-5XX');
    expect(verdictOf(sideBySide)).toEqual(verdictOf(oneAtATime));
    expect(ahead.seen.sent - alone.seen.sent).toBeLessThanOrEqual(8);
  });

  test('none sent once the time is up', async () => {
    // A platform that never crashes: nothing ends the search but the time.
    const ahead = platform(Number.MAX_SAFE_INTEGER);
    let judged = 0;
    const session = new FuzzSession(ahead.binding, { seed: 7, runs: 100, lookAhead: 8 });
    const outcome = await session.check('listMeetings', 'NO-5XX', { onTry: () => judged++, timeUp: () => judged >= 20 });
    expect(outcome.outOfTime).toBe(true);
    expect(outcome.tried).toBe(20);
    expect(ahead.seen.sent).toBeLessThanOrEqual(20 + 8);
  });
});
