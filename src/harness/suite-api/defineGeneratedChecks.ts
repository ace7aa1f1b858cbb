import type { Check, CheckContext } from './check.ts';
import { describeFailure, judgedText, shrinkText } from './describeFailure.ts';
import { headlineOf } from '../../verdict/findingHeadline.ts';
import { generatedClauses, type GeneratedClause } from './GeneratedClause.ts';
import { searched, type FuzzOutcome, type FuzzSession } from './FuzzSession.ts';
import { budgetOf, timeoutFor } from './generatedTimeoutMs.ts';

/** The budget, which a title names before the run: "up to", since the search stops at the first failure. */
const clauseTitles: Record<GeneratedClause, (runs: number) => string> = {
  'NO-5XX': (runs) => `no generated request gets a 5xx (up to ${runs} valid and ${runs} mutated)`,
  POSITIVE: (runs) => `up to ${runs} generated valid requests get documented answers and are not refused`,
  NEGATIVE: (runs) => `up to ${runs} generated requests with one mutation each: refused where they must be, documented answers always`,
};

/** What a generated request that fails each clause did, after "1 of N generated requests for OP". */
const clauseFailed: Record<GeneratedClause, string> = {
  'NO-5XX': 'got a 5xx answer',
  POSITIVE: 'were valid by the spec but refused, or got an answer it does not document',
  NEGATIVE: 'were not refused where the spec says they must be, or got an answer it does not document',
};

/**
 * Reports a clause's outcome to the check running it. A failure is a finding like every other check's:
 * "1 of 37 generated requests for fetchPage got a 5xx answer" (the requests judged until the first
 * failure, valid and mutated), the shrunk request as its one case, the minimal request and its answer as
 * evidence, how it was found and how to replay it, and the curl that reproduces it. Every count is read
 * from the outcome's one tally, so the headline, the evidence and how it was found agree.
 */
function judgeOutcome(ctx: CheckContext, fuzz: FuzzSession, clause: GeneratedClause, outcome: FuzzOutcome): void {
  const { tally } = outcome;
  const judged = `${judgedText(tally, outcome.operationId)}${outcome.failure ? `, the last of them failing, then ${shrinkText(tally)}` : ''}`;
  ctx.evidence('generated', `${judged}. The run has sent ${fuzz.sent} distinct requests to this target for all its generated checks so far (seed ${fuzz.seed})`);
  const f = outcome.failure;
  if (!f) return;
  const report = describeFailure(fuzz, f);
  for (const [label, text] of report.evidence) ctx.evidence(label, text);
  // A problem of several lines (the spec's rules an answer breaks) is evidence whole; its case says it in one.
  const problem = headlineOf(f.problem);
  if (problem !== f.problem.trim()) ctx.evidence('what is wrong', f.problem);
  ctx.evidence('how it was found', report.found);
  const m = f.request.mutation;
  ctx.conclude({
    of: `generated requests for ${f.operationId}`,
    failed: clauseFailed[clause],
    tried: searched(tally),
    cases: [{ label: m ? `the request with mutation "${m.name}" at ${m.pointer}` : 'a valid request', problem, reproduction: report.reproduction }],
  });
}

/**
 * ", about 40 s left": the requests left at the pace measured so far (the target's latency, hidden by the
 * requests side by side, and its rate limit), at most what is left of the budget; nothing before a pace is known.
 */
export function timeLeftText(judged: number, total: number, elapsedMs: number, budgetLeftMs: number): string {
  if (judged === 0 || judged >= total || elapsedMs < 1000) return '';
  const ms = Math.max(0, Math.min(((total - judged) * elapsedMs) / judged, budgetLeftMs));
  return `, about ${ms < 90_000 ? `${Math.ceil(ms / 1000)} s` : `${Math.round(ms / 60_000)} min`} left`;
}

/** "not judged in full: judged 41 of 200 generated requests in the 85 s budget (the target answered in 2.0 s on average); none of them failed". */
export function outOfTimeText(judged: number, total: number, budgetMs: number, meanAnswerMs: number | undefined): string {
  const pace = meanAnswerMs === undefined ? '' : ` (the target answered in ${(meanAnswerMs / 1000).toFixed(1)} s on average)`;
  const budget = `the ${Math.round(budgetMs / 1000)} s budget${pace}`;
  return judged === 0 ? `not judged: no generated request was judged in ${budget}` : `not judged in full: judged ${judged} of ${total} generated requests in ${budget}; none of them failed`;
}

/**
 * The generated checks of one target: for each operation the crash clause, the positive clause and the
 * negative clause, each with its own shrunk failure. With --fuzz-runs 0 they are skipped, saying why.
 * `timeoutMs`: the time a check may take when the run gives no budget (--check-budget), made from the
 * requests it may send at the target's pace; a budget given replaces it (the session's `budgetMs`).
 */
export function defineGeneratedChecks(check: Check, fuzz: FuzzSession, options: { timeoutMs: number; concurrent?: boolean }): void {
  for (const clause of generatedClauses) {
    if (fuzz.runs === 0) {
      check(fuzz.clauseId(clause), 'generated requests', () => undefined, { skip: 'generated checks are off (--fuzz-runs 0)' });
      continue;
    }
    for (const { operation } of fuzz.binding.operations) {
      check(fuzz.clauseId(clause), `${operation.operationId}: ${clauseTitles[clause](fuzz.runs)}`, async (ctx) => {
        const total = clause === 'NO-5XX' ? 2 * fuzz.runs : fuzz.runs;
        const budgetMs = fuzz.budgetMs ?? budgetOf(options.timeoutMs);
        const end = performance.now() + budgetMs;
        const outcome = await fuzz.check(operation.operationId, clause, {
          signal: ctx.signal,
          timeUp: () => performance.now() > end,
          onTry: (t) => ctx.progress(`${fuzz.clauseId(clause)} ${operation.operationId}: ${searched(t)}/${total} generated requests judged${t.shrinkJudged ? `, shrinking the first failure: ${t.shrinkJudged} judged` : timeLeftText(searched(t), total, performance.now() - (end - budgetMs), end - performance.now())}`),
        });
        judgeOutcome(ctx, fuzz, clause, outcome);
        // No fault among what the budget let it judge: said, with how much, and never a failure of the target's.
        if (outcome.outOfTime) ctx.skip(outOfTimeText(outcome.tried, total, budgetMs, fuzz.meanAnswerMs));
        // The crash clause judges that every request got an answer below 500, refusals included: an answer
        // is what it rests on, not a refusal's absence of something. (A target refusing every request
        // passes it, rightly: a 401 is no crash; the positive clause is where refusals count.)
        if (clause === 'NO-5XX') ctx.control({ label: 'every generated request answered below 500', clause: fuzz.clauseId('POSITIVE') });
      }, { timeout: fuzz.budgetMs === undefined ? options.timeoutMs : timeoutFor(fuzz.budgetMs), concurrent: options.concurrent ?? false });
    }
  }
}
