// The generated checks must find what the hand-written ones never send: each variant crashes or answers
// wrongly only on particular generated inputs, and must fail the generated clauses it names within the
// default budget, shrunk, with a reproduction naming $ACCESS_TOKEN; the correct mock passes.
import { afterAll, describe, expect, test } from 'vitest';
import { startMeetingPlatformServer, type MeetingPlatformServer, type MeetingPlatformServerOptions } from '../../mocks/meeting-platform/startMeetingPlatformServer.ts';
import { describeFailure } from '../../src/harness/suite-api/describeFailure.ts';
import { generatedClauses } from '../../src/harness/suite-api/GeneratedClause.ts';
import { FuzzSession } from '../../src/harness/suite-api/FuzzSession.ts';
import { defaultFuzzRuns, type MeetingPlatformTarget } from '../../src/harness/suite-api/targets.ts';
import { mixSeed } from '../../src/json/mixSeed.ts';
import { generatedVariants } from './fixtures/generatedVariants.ts';
import { LinkWalk, linkRuns } from './linkWalk.ts';
import { meetingFuzzBinding } from './meetingFuzzBinding.ts';
import { fuzzClauses } from './fuzzChecks.ts';
import { defaultLimits } from '../../src/exchange/exchangeLimits.ts';

const seed = 7;
const servers: MeetingPlatformServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

interface Found {
  clause: string;
  message: string;
  reproduction?: string;
}

/** Every generated clause (each operation's three, and the links) against a mock server, at the default budget. */
async function generatedFailures(prepend?: MeetingPlatformServerOptions['prepend']): Promise<Found[]> {
  const server = await startMeetingPlatformServer(prepend ? { prepend } : {});
  servers.push(server);
  const target: MeetingPlatformTarget = { label: server.url, authUrl: server.url, apiBaseUrl: server.url, credentials: server.accounts[0]!, embedded: false, limits: defaultLimits };
  const fuzz = new FuzzSession(meetingFuzzBinding(target, fuzzClauses), { seed, runs: defaultFuzzRuns });
  const found: Found[] = [];
  for (const { operation } of fuzz.binding.operations) {
    for (const clause of generatedClauses) {
      const outcome = await fuzz.check(operation.operationId, clause);
      if (outcome.failure) found.push({ clause: outcome.clause, ...describeFailure(fuzz, outcome.failure) });
    }
  }
  const walk = await new LinkWalk(target).check({ seed: mixSeed(seed, 0x11c5), runs: linkRuns(defaultFuzzRuns) });
  if (walk.problem || walk.failure) found.push({ clause: 'MP-FUZZ-LINKS', message: walk.problem ?? `page_size=${walk.failure!.value}: ${walk.failure!.problem}` });
  return found;
}

const clauses = (found: Found[]) => [...new Set(found.map((f) => f.clause))].sort();

describe.concurrent('the generated meeting-platform checks', () => {
  test('pass against the correct mock', async () => {
    expect((await generatedFailures()).map((f) => `${f.clause}: ${f.message}`)).toEqual([]);
  }, 120_000);

  test.for(generatedVariants)('$name ($fault): fails $breaks and no other', { timeout: 120_000 }, async (variant) => {
    const found = await generatedFailures(variant.prepend);
    expect(clauses(found), found.map((f) => `${f.clause}: ${f.message}`).join('\n\n')).toEqual([...variant.breaks].sort());
    for (const f of found.filter((x) => x.clause !== 'MP-FUZZ-LINKS')) {
      expect(f.message).toMatch(/shrunk \d+ time/);
      expect(f.reproduction).toMatch(/^curl /);
      expect(f.reproduction).toMatch(/\$ACCESS_TOKEN|\$MEETING_CLIENT_SECRET/);
    }
  });
});
