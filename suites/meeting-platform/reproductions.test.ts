// Every reproduction of a failing report runs as printed: pasted into a shell that holds the account's
// credentials in the variables the config names (and no other), against the broken platform still
// running, it gets the answer the check failed on. A bearer call gets its token first, in the same
// reproduction.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MeetingPlatformServer } from '../../mocks/meeting-platform/startMeetingPlatformServer.ts';
import { replayFailures } from '../../src/testing/runReproduction.ts';
import { runTargets, type TargetsRun } from '../../src/testing/runTargets.ts';
import { brokenVariants } from './fixtures/brokenVariants.ts';
import { startVariantServer, variantTargets } from './fixtures/variantRuns.ts';

// A handful: refusals missing (no token), HTML errors (token and API), a grant type ignored, a bearer
// call's answer off the spec, a page size ignored (a bearer call with a query). With 3 generated requests
// per operation, the generated checks' reproductions are run too.
const names = ['auth-not-enforced', 'html-api-errors', 'html-token-errors', 'grant-type-ignored', 'user-fields-off-spec', 'page-size-ignored'];
const variants = brokenVariants.filter((v) => names.includes(v.name));

const servers: MeetingPlatformServer[] = [];
let run: TargetsRun;
let env: Record<string, string>;
beforeAll(async () => {
  servers.push(...(await Promise.all(variants.map((v) => startVariantServer(v)))));
  const made = variantTargets(variants, servers);
  env = made.env;
  run = await runTargets(made.targets, { fuzzRuns: 3 }, [], env);
}, 300_000);
afterAll(() => Promise.all(servers.map((s) => s.close())));

test('every failing check of every variant has a reproduction naming only the variables the config names', () => {
  expect(variants.map((v) => v.name).sort()).toEqual([...names].sort());
  const failing = run.report!.checks.filter((c) => c.status === 'failed');
  expect(failing.length, run.stdout.slice(-3000)).toBeGreaterThanOrEqual(names.length);
  for (const name of names) expect(run.checksOf(name).some((c) => c.status === 'failed'), name).toBe(true);
  for (const c of failing.filter((c) => c.reproduction)) {
    expect(c.reproduction, c.id).not.toMatch(/\$\{?MEETING_(CLIENT_ID|CLIENT_SECRET|ACCOUNT_ID)\b/);
    // Only the calls that use the token (as a bearer, or a near miss of it derived by the shell) get one,
    // each from its own target's auth URL and variables.
    const i = variants.findIndex((v) => v.name === c.target);
    if (/\$\{?ACCESS_TOKEN\b/.test(c.reproduction!.replace(/^ACCESS_TOKEN=.*\n/, ''))) {
      expect(c.reproduction, c.id).toMatch(new RegExp(`^ACCESS_TOKEN=\\$\\(curl -sS -X POST '${servers[i]!.url}/oauth/token' -u "\\$VARIANT_${i}_CLIENT_ID:\\$VARIANT_${i}_CLIENT_SECRET" `));
    } else expect(c.reproduction, c.id).not.toContain('ACCESS_TOKEN=');
  }
});

test('each reproduction, run in a shell against the variant still running, gets the answer its evidence shows', async () => {
  const bearer = run.report!.checks.filter((c) => c.status === 'failed' && c.reproduction?.includes('ACCESS_TOKEN='));
  expect(bearer.length, 'reproductions that get a token first').toBeGreaterThanOrEqual(3);
  const replayed = await replayFailures(run.report!.checks, env);
  expect(replayed.mismatches, replayed.mismatches.join('\n\n')).toEqual([]);
  expect(replayed.compared).toBe(replayed.failing);
}, 300_000);
