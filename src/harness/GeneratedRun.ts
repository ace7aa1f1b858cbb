import type { CompiledOperation } from '../openapi/CompiledOperation.ts';
import { encodeRequest } from '../openapi/encodeRequest.ts';
import { findFailure } from '../openapi/findFailure.ts';
import type { GeneratedRequest } from '../openapi/GeneratedRequest.ts';
import type { GenerationOptions } from '../openapi/GenerationOptions.ts';
import { negativeProblem, positiveProblem, serverFault, type Excuses } from '../openapi/judgeGenerated.ts';
import { linkFedParameters } from '../openapi/links.ts';
import { negativeRequests } from '../openapi/negativeRequests.ts';
import { positiveRequests } from '../openapi/positiveRequests.ts';
import { mixSeed } from '../json/mixSeed.ts';
import { CheckBlocked } from './CheckBlocked.ts';
import type { FuzzBinding, SentExchange } from './FuzzBinding.ts';
import type { GeneratedClause } from './GeneratedClause.ts';

export interface GeneratedFailure {
  clause: string;
  operationId: string;
  request: GeneratedRequest;
  exchange: SentExchange;
  problem: string;
  /** Generated requests tried before the first failure, that one included. */
  runs: number;
  shrinks: number;
  fastCheckSeed: number;
  path: string;
}

export interface ClauseOutcome {
  clause: string;
  operationId: string;
  /** Requests judged, shrinking and the ones answered from the run's cache included. */
  tried: number;
  failure?: GeneratedFailure;
}

function hashText(text: string): number {
  let h = 0;
  for (const c of text) h = Math.imul(h ^ c.codePointAt(0)!, 0x01000193);
  return h;
}

/**
 * The generated requests of one target: each distinct request is sent once and its answer kept, so the
 * three clauses, which walk the same deterministic sequences, share them, and only shrinking sends more.
 */
export class GeneratedRun {
  readonly binding: FuzzBinding;
  readonly seed: number;
  readonly runs: number;
  readonly #sent = new Map<string, Promise<SentExchange>>();

  constructor(binding: FuzzBinding, settings: { seed: number; runs: number }) {
    this.binding = binding;
    this.seed = settings.seed;
    this.runs = settings.runs;
  }

  /** Distinct requests sent so far. */
  get sent(): number {
    return this.#sent.size;
  }

  clauseId(clause: GeneratedClause): string {
    return `${this.binding.clausePrefix}-FUZZ-${clause}`;
  }

  #entry(operationId: string): { operation: CompiledOperation; options: GenerationOptions } {
    const entry = this.binding.operations.find((o) => o.operation.operationId === operationId);
    if (!entry) throw new Error(`no generated requests for ${operationId}`);
    return entry;
  }

  send(operation: CompiledOperation, request: GeneratedRequest, signal?: AbortSignal): Promise<SentExchange> {
    const { options } = this.#entry(operation.operationId);
    const key = JSON.stringify([operation.operationId, encodeRequest(operation, request, options.encodePath), request.credentials]);
    let sent = this.#sent.get(key);
    if (!sent) {
      sent = this.binding.send(operation, request, signal);
      this.#sent.set(key, sent);
      // A request cut short by a timed-out check is not an answer another check may reuse.
      sent.catch(() => this.#sent.delete(key));
    }
    return sent;
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
  async check(operationId: string, clause: GeneratedClause, options: { signal?: AbortSignal; onTry?: (tried: number) => void; maxShrinkTries?: number; judgeRefusals?: boolean } = {}): Promise<ClauseOutcome> {
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
    let tried = 0;
    for (const kind of kinds) {
      const requests = kind === 'valid' ? positiveRequests(operation, generation) : negativeRequests(operation, generation);
      if (!requests) continue;
      const before = tried;
      const found = await findFailure(requests, judgeOne, {
        seed: this.sequenceSeed(operationId, kind),
        runs: this.runs,
        onTry: (n) => options.onTry?.((tried = before + n)),
        ...(options.maxShrinkTries !== undefined ? { maxShrinkTries: options.maxShrinkTries } : {}),
      });
      if (found.failure) {
        const request = found.failure.value;
        // The answer it was judged by: send() gives back the kept one.
        const exchange = await this.send(operation, request, options.signal);
        return {
          clause: this.clauseId(clause),
          operationId,
          tried,
          failure: { clause: this.clauseId(clause), operationId, request, exchange, problem: found.failure.problem, runs: found.failure.runs, shrinks: found.failure.shrinks, fastCheckSeed: found.failure.seed, path: found.failure.path },
        };
      }
      tried = before + found.runs;
    }
    if (blocked) throw blocked;
    if (refusal && refused) {
      if (!served) throw new CheckBlocked(refusal.clause, `every valid generated request was refused for its credentials (HTTP ${refused.status})`);
      // Some were served, so the refusals are this clause's own failures: judged again (from the kept answers).
      return this.check(operationId, clause, { ...options, judgeRefusals: true });
    }
    return { clause: this.clauseId(clause), operationId, tried };
  }
}
