// The meeting-platform suite's generated checks: requests made from specs/meeting-platform.openapi.yaml
// (valid ones, and ones with one named mutation), and the stateful walk its links describe. Read-only
// against a real account: the token request and GETs only, at the run's rate limit.
import { expect } from 'vitest';
import { describeTarget, type Check } from '../../src/harness/suite-api/check.ts';
import { curlCommand } from '../../src/exchange/curlCommand.ts';
import { defineGeneratedChecks } from '../../src/harness/suite-api/defineGeneratedChecks.ts';
import type { FuzzBinding } from '../../src/harness/suite-api/FuzzBinding.ts';
import { FuzzSession, type FuzzSettings } from '../../src/harness/suite-api/FuzzSession.ts';
import { generatedTimeoutMs, perRequestMs } from '../../src/harness/suite-api/generatedTimeoutMs.ts';
import type { MeetingPlatformTarget } from '../../src/harness/suite-api/targets.ts';
import { mixSeed } from '../../src/json/mixSeed.ts';
import { LinkWalk, linkRuns } from './linkWalk.ts';
import { meetingFuzzBinding } from './meetingFuzzBinding.ts';

/** The generated clauses' ids, as the catalogue has them: the checks defineGeneratedChecks makes report them. */
export const fuzzClauses: FuzzBinding['clauses'] = { 'NO-5XX': 'MP-FUZZ-NO-5XX', POSITIVE: 'MP-FUZZ-POSITIVE', NEGATIVE: 'MP-FUZZ-NEGATIVE' };

/** The generated checks of one target (inside its describeTarget block), and beside them the link walk (MP-FUZZ-LINKS). */
export function defineFuzzChecks(check: Check, target: MeetingPlatformTarget, settings: FuzzSettings): void {
  const { seed, runs: fuzzRuns } = settings;
  /** The generated checks judge their clauses on the matrix's one generated path (specs/meeting-platform.paths.json). */
  const generatedCheck: Check = (clause, title, fn, options = {}) => check(clause, title, fn, { ...options, paths: ['generated'] });
  const fuzz = new FuzzSession(meetingFuzzBinding(target, fuzzClauses), settings);
  // Two lanes side by side: the generated checks one after another (each fills the rate limit with its
  // own requests and spends its budget on them), and beside them the link walk, whose pages follow
  // each other's next_page_token and so wait on the target's latency, not on the rate.
  // (A describe block of the target's own: vitest collects it after this one's body, where the checks learn their target.)
  describeTarget(target.label, () => defineGeneratedChecks(generatedCheck, fuzz, { timeoutMs: generatedTimeoutMs(target.apiBaseUrl, target.limits, fuzzRuns), concurrent: false }), { concurrent: true });

  const sizes = linkRuns(fuzzRuns);
  check(
    'MP-FUZZ-LINKS',
    `following the links: token → users/me → meeting list pages at ${sizes} generated page sizes → each meeting by id and by UUID`,
    async (ctx) => {
      if (sizes === 0) ctx.skip('generated checks are off (--fuzz-runs 0)');
      const walk = new LinkWalk(target, settings);
      const outcome = await walk.check({ seed: mixSeed(seed, 0x11c5), runs: sizes, signal: ctx.signal, onTry: (n) => ctx.progress(`MP-FUZZ-LINKS: page size ${n.searched}/${sizes}${n.shrinking ? `, shrinking: ${n.shrinking} tried` : ''}, ${walk.requests} requests`) });
      ctx.evidence('generated', `${outcome.tried} page size(s) walked, ${walk.requests} distinct request(s) (seed ${seed})`);
      if (outcome.problem) expect.fail(outcome.problem);
      const f = outcome.failure;
      if (!f) return;
      ctx.evidence('walk at the minimal page size', f.walkLog.join('\n'));
      if (f.request) ctx.reproduction(curlCommand(f.request));
      expect.fail(
        [
          `page_size=${f.value}: ${f.problem}`,
          `found at the ${f.runs}${f.runs === 1 ? 'st' : 'th'} generated page size, shrunk ${f.shrinks} time(s) to the smallest page size that fails`,
          `seed ${seed} (fast-check seed ${f.seed}, path "${f.path}"); replay: the same conform run with --seed ${seed} --fuzz-runs ${fuzzRuns} --grep 'MP-FUZZ-LINKS'`,
        ].join('\n'),
      );
    },
    { timeout: 120_000 + sizes * 400 * perRequestMs(target.apiBaseUrl, target.limits), paths: ['links'], concurrent: true },
  );
}
