import fc from 'fast-check';
import type { CompiledOperation } from '../../openapi/CompiledOperation.ts';
import { encodeRequest } from '../../openapi/encodeRequest.ts';
import { findFailure } from '../../openapi/findFailure.ts';
import type { GeneratedRequest } from '../../openapi/GeneratedRequest.ts';
import type { GenerationOptions } from '../../openapi/GenerationOptions.ts';
import { negativeProblem, positiveProblem, serverFault, type Excuses } from '../../openapi/judgeGenerated.ts';
import { linkFedParameters } from '../../openapi/links.ts';
import { negativeRequests } from '../../openapi/negativeRequests.ts';
import { positiveRequests } from '../../openapi/positiveRequests.ts';
import { mixSeed } from '../../json/mixSeed.ts';
import { CheckBlocked } from './CheckBlocked.ts';
import type { FuzzBinding, SentExchange } from './FuzzBinding.ts';
import type { GeneratedClause } from './GeneratedClause.ts';
import { defaultConcurrency, type Targets } from './targets.ts';

export interface GeneratedFailure {
  clause: string;
  operationId: string;
  request: GeneratedRequest;
  exchange: SentExchange;
  problem: string;
  /** Which sequence it was found in, and at which of its requests (fast-check's count: the first failure included). */
  kind: 'valid' | 'mutated';
  runs: number;
  /** The clause's tally for the operation, shrinking included: the counts a report shows of this failure. */
  tally: GeneratedTally;
  fastCheckSeed: number;
  path: string;
}

/**
 * What one clause judged for one operation: the one tally every count its check shows is read from (the
 * headline's "1 of N", the evidence, how the failure was found). Requests answered from the session's
 * cache count as judged: each clause judges the answers it reads.
 */
export interface GeneratedTally {
  /** Valid, then mutated requests judged looking for a failure: a whole sequence, or up to its first failure (included). */
  valid: number;
  mutated: number;
  /** Requests judged while shrinking the first failure to a minimal one, and how many of them failed too: each a step to a smaller request. */
  shrinkJudged: number;
  shrinks: number;
}

/** What one clause came to over one operation's generated requests (FuzzSession.check). */
export interface FuzzOutcome {
  clause: string;
  operationId: string;
  /** Requests judged looking for a failure: tally.valid + tally.mutated. */
  tried: number;
  tally: GeneratedTally;
  failure?: GeneratedFailure;
  /** The time it had ran out before every request was judged: `tried` were (a failure among them is found all the same). */
  outOfTime?: true;
}

/** Requests judged looking for a failure, valid and mutated. */
export function searched(tally: GeneratedTally): number {
  return tally.valid + tally.mutated;
}

function hashText(text: string): number {
  let h = 0;
  for (const c of text) h = Math.imul(h ^ c.codePointAt(0)!, 0x01000193);
  return h;
}

/** How a run's generated checks go: its seed and runs, and its budget and concurrency (--check-budget, --concurrency). */
export interface FuzzSettings {
  seed: number;
  runs: number;
  /** Requests sent ahead of the one being judged; absent: one fewer than `concurrency`. */
  lookAhead?: number;
  /** Requests to the target in flight at once, at most (--concurrency); absent: defaultConcurrency. */
  concurrency?: number;
  /** Milliseconds each generated check spends judging (--check-budget); absent: what its target's pace gives it. */
  budgetMs?: number;
}

/** The run's generated-check settings, as the suites' targets carry them. */
export function fuzzSettingsOf(targets: Pick<Targets, 'seed' | 'fuzzRuns' | 'checkBudget' | 'concurrency'>): FuzzSettings {
  return {
    seed: targets.seed,
    runs: targets.fuzzRuns,
    ...(targets.concurrency !== undefined ? { concurrency: targets.concurrency } : {}),
    ...(targets.checkBudget !== undefined ? { budgetMs: targets.checkBudget * 1000 } : {}),
  };
}

/**
 * The generated requests of one target: each distinct request is sent once and its answer kept, so the
 * three clauses, which walk the same deterministic sequences, share them, and only shrinking sends more.
 */
export class FuzzSession {
  readonly binding: FuzzBinding;
  readonly seed: number;
  readonly runs: number;
  /** Requests sent ahead of the one being judged, side by side; 0: one at a time. */
  readonly lookAhead: number;
  /** The run's budget for each generated check (--check-budget); undefined: its timeout's. */
  readonly budgetMs: number | undefined;
  readonly #sent = new Map<string, Promise<SentExchange>>();
  /** The answers' durations so far, for what a budget ran out on: "the target answered in 2.0 s on average". */
  readonly #answered = { count: 0, totalMs: 0 };

  constructor(binding: FuzzBinding, settings: FuzzSettings) {
    this.binding = binding;
    this.seed = settings.seed;
    this.runs = settings.runs;
    // The one being judged is in flight too: the cap counts it.
    this.lookAhead = settings.lookAhead ?? (settings.concurrency ?? defaultConcurrency) - 1;
    this.budgetMs = settings.budgetMs;
  }

  /** Milliseconds the target took to answer a generated request, on average so far; undefined before any answer. */
  get meanAnswerMs(): number | undefined {
    return this.#answered.count ? this.#answered.totalMs / this.#answered.count : undefined;
  }

  /** Distinct requests sent so far. */
  get sent(): number {
    return this.#sent.size;
  }

  clauseId(clause: GeneratedClause): string {
    return this.binding.clauses[clause];
  }

  #entry(operationId: string): { operation: CompiledOperation; options: GenerationOptions } {
    const entry = this.binding.operations.find((o) => o.operation.operationId === operationId);
    if (!entry) throw new Error(`no generated requests for ${operationId}`);
    return entry;
  }

  /** What makes two generated requests one: the request as sent, and its credentials. */
  #keyOf(operation: CompiledOperation, request: GeneratedRequest): string {
    const { options } = this.#entry(operation.operationId);
    return JSON.stringify([operation.operationId, encodeRequest(operation, request, options.encodePath), request.credentials]);
  }

  send(operation: CompiledOperation, request: GeneratedRequest, signal?: AbortSignal): Promise<SentExchange> {
    const key = this.#keyOf(operation, request);
    let sent = this.#sent.get(key);
    if (!sent) {
      sent = this.binding.send(operation, request, signal);
      this.#sent.set(key, sent);
      sent.then((x) => {
        this.#answered.count++;
        this.#answered.totalMs += x.durationMs;
      }, () => undefined);
      // A request cut short by a timed-out check is not an answer another check may reuse.
      sent.catch(() => this.#sent.delete(key));
    }
    return sent;
  }

  /**
   * What hides the target's latency: fast-check judges one request after another, but the sequence it
   * will judge is known (fc.sample with its seed gives the same values), so while one is judged the next
   * `lookAhead` are already on their way, side by side (each waits its turn under the target's rate limit
   * in its exchange). The answers are kept, and judged in the sequence's order: the verdict and its counts
   * are those of one request at a time. At most `lookAhead` requests go beyond a failure, none past the
   * time (`timeUp`); shrinking, whose requests depend on the failure, sends one at a time.
   */
  #lookAhead(operation: CompiledOperation, requests: fc.Arbitrary<GeneratedRequest>, seed: number, options: { signal?: AbortSignal; timeUp?: () => boolean }): (request: GeneratedRequest) => void {
    if (this.lookAhead <= 0) return () => undefined;
    const upcoming = fc.sample(requests, { seed, numRuns: this.runs });
    const keys = upcoming.map((r) => this.#keyOf(operation, r));
    let next = 0;
    return (request) => {
      if (next >= upcoming.length || this.#keyOf(operation, request) !== keys[next]) return;
      next++;
      for (let i = next; i < Math.min(next + this.lookAhead, upcoming.length); i++) {
        if (options.signal?.aborted || options.timeUp?.()) return;
        // Its failure (no answer, a check blocked) is the judged request's to meet, when its turn comes.
        this.send(operation, upcoming[i]!, options.signal).catch(() => undefined);
      }
    };
  }

  /** fast-check's seed for one operation's valid or mutated sequence: the same for every clause. */
  sequenceSeed(operationId: string, kind: 'valid' | 'mutated'): number {
    return mixSeed(this.seed, hashText(`${this.binding.suite}:${operationId}`), kind === 'valid' ? 1 : 2);
  }

  /**
   * Runs one clause over one operation's generated requests; the first failure comes back shrunk. Throws
   * a CheckBlocked when no request could be judged for a failure elsewhere (no access token, the
   * credentials refused) and none of those that could be judged failed.
   */
  async check(
    operationId: string,
    clause: GeneratedClause,
    options: { signal?: AbortSignal; onTry?: (tally: GeneratedTally) => void; maxShrinkTries?: number; judgeRefusals?: boolean; timeUp?: () => boolean } = {},
  ): Promise<FuzzOutcome> {
    const { operation, options: own } = this.#entry(operationId);
    const linkFed = linkFedParameters(this.binding.spec, operationId);
    const excuses: Excuses = { ...this.binding.excuses, linkFed };
    const generation = { serverIssued: linkFed, ...own };
    const kinds: Array<'valid' | 'mutated'> = clause === 'NO-5XX' ? ['valid', 'mutated'] : clause === 'POSITIVE' ? ['valid'] : ['mutated'];
    const judge = (request: GeneratedRequest, x: SentExchange): string | undefined =>
      clause === 'NO-5XX' ? serverFault(request, x, excuses) : clause === 'POSITIVE' ? positiveProblem(operation, request, x, excuses) : negativeProblem(operation, request, x, excuses);
    // Requests that could not be judged for a failure elsewhere count as no failure while looking for one.
    let blocked: CheckBlocked | undefined;
    const refusal = clause === 'POSITIVE' && !options.judgeRefusals ? this.binding.credentialsRefused : undefined;
    let refused: SentExchange | undefined;
    let served = 0;
    const judgeOne = async (request: GeneratedRequest): Promise<string | undefined> => {
      options.signal?.throwIfAborted();
      let x: SentExchange;
      try {
        x = await this.send(operation, request, options.signal);
      } catch (err) {
        if (!(err instanceof CheckBlocked)) throw err;
        blocked ??= err;
        return undefined;
      }
      if (refusal && request.credentials === 'valid') {
        if (refusal.refused(x)) {
          refused ??= x;
          return undefined;
        }
        served++;
      }
      return judge(request, x);
    };
    const tally: GeneratedTally = { valid: 0, mutated: 0, shrinkJudged: 0, shrinks: 0 };
    let outOfTime = false;
    for (const kind of kinds) {
      const requests = kind === 'valid' ? positiveRequests(operation, generation) : negativeRequests(operation, generation);
      if (!requests) continue;
      const lookAhead = this.#lookAhead(operation, requests, this.sequenceSeed(operationId, kind), options);
      const found = await findFailure(requests, (request) => (lookAhead(request), judgeOne(request)), {
        seed: this.sequenceSeed(operationId, kind),
        runs: this.runs,
        onTry: (n) => {
          tally[kind] = n.searched;
          tally.shrinkJudged = n.shrinking;
          options.onTry?.({ ...tally });
        },
        ...(options.maxShrinkTries !== undefined ? { maxShrinkTries: options.maxShrinkTries } : {}),
        ...(options.timeUp ? { timeUp: options.timeUp } : {}),
      });
      tally[kind] = found.runs;
      if (found.outOfTime) outOfTime = true;
      const f = found.failure;
      if (f) {
        Object.assign(tally, { shrinkJudged: f.shrinkJudged, shrinks: f.shrinks });
        // The answer it was judged by: send() gives back the kept one.
        const exchange = await this.send(operation, f.value, options.signal);
        return {
          clause: this.clauseId(clause),
          operationId,
          tried: searched(tally),
          tally,
          failure: { clause: this.clauseId(clause), operationId, request: f.value, exchange, problem: f.problem, kind, runs: f.runs, tally, fastCheckSeed: f.seed, path: f.path },
        };
      }
    }
    if (blocked) throw blocked;
    if (refusal && refused) {
      if (!served) throw new CheckBlocked(refusal.clause, `every valid generated request was refused for its credentials (HTTP ${refused.status})`);
      // Some were served, so the refusals are this clause's own failures: judged again (from the kept answers).
      return this.check(operationId, clause, { ...options, judgeRefusals: true });
    }
    return { clause: this.clauseId(clause), operationId, tried: searched(tally), tally, ...(outOfTime ? { outOfTime: true as const } : {}) };
  }
}
