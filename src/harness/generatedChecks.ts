import type { CompiledOperation } from '../openapi/CompiledOperation.ts';
import type { CompiledSpec } from '../openapi/compileSpec.ts';
import { encodeRequest } from '../openapi/encodeRequest.ts';
import { findFailure } from '../openapi/findFailure.ts';
import type { GeneratedRequest } from '../openapi/GeneratedRequest.ts';
import type { GenerationOptions } from '../openapi/GenerationOptions.ts';
import { negativeProblem, positiveProblem, serverFault, type Excuses, type GeneratedExchange } from '../openapi/judgeGenerated.ts';
import { linkFedParameters } from '../openapi/links.ts';
import { negativeRequests } from '../openapi/negativeRequests.ts';
import { positiveRequests } from '../openapi/positiveRequests.ts';
import { mixSeed } from '../records/mixSeed.ts';
import type { Check, CheckContext } from './check.ts';
import { CheckBlocked } from './CheckBlocked.ts';
import { curlCommand, type ShownRequest } from './curlCommand.ts';
import { headlineOf } from './finding.ts';
import { rateLimitFor } from './rateLimit.ts';
import type { SuiteName } from './suites.ts';

/** What came back for a generated request, with the request as a report shows it (secrets as $VARS). */
export interface SentExchange extends GeneratedExchange {
  shown: ShownRequest;
  durationMs: number;
}

/** How a suite's target takes generated requests: the suite adds address, credentials and safety. */
export interface FuzzBinding {
  suite: SuiteName;
  /** The suite's clause prefix: "FS" makes FS-FUZZ-NO-5XX. */
  clausePrefix: string;
  spec: CompiledSpec;
  operations: Array<{ operation: CompiledOperation; options: GenerationOptions }>;
  /** Sends a request; throws a CheckBlocked when it cannot (no access token to send it with). */
  send(operation: CompiledOperation, request: GeneratedRequest, signal?: AbortSignal): Promise<SentExchange>;
  excuses?: Omit<Excuses, 'linkFed'>;
  /**
   * How the target refuses valid credentials, and the clause that judges them (FS-AUTH-KEY: the issued key
   * refused). When every valid request the positive clause sends is refused so, it has nothing to judge and
   * is blocked by that clause; when some are served, the refused ones are failures of its own.
   */
  credentialsRefused?: { clause: string; refused(x: SentExchange): boolean };
}

export type GeneratedClause = 'NO-5XX' | 'POSITIVE' | 'NEGATIVE';
export const generatedClauses: readonly GeneratedClause[] = ['NO-5XX', 'POSITIVE', 'NEGATIVE'];

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

export function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}

const shownReplyHeaders = new Set(['content-type', 'retry-after', 'www-authenticate', 'location', 'x-request-id', 'allow']);

/** A failure as a report shows it: what broke, the minimal request and its answer, how to replay it. */
export function describeFailure(run: GeneratedRun, f: GeneratedFailure): { message: string; found: string; evidence: Array<[string, string]>; reproduction: string } {
  const m = f.request.mutation;
  const what = m
    ? `mutation "${m.name}" at ${m.pointer}: ${m.detail} (${m.kind === 'refuse' ? 'must be refused with a 4xx' : 'fate left open: may be accepted or refused, never with a 5xx or an answer the spec does not document'})`
    : 'a valid request by the spec, no mutation';
  const found = [
    `request: ${what}`,
    `found after ${f.runs} generated request(s), then shrunk ${f.shrinks} time(s) to the minimal request shown`,
    `seed ${run.seed} (fast-check seed ${f.fastCheckSeed}, path "${f.path}"); replay: the same conform run with --seed ${run.seed} --fuzz-runs ${run.runs} --grep '${f.clause}'`,
  ].join('\n');
  const message = `${f.operationId}: ${f.problem}\n${found}`;
  const shown = f.exchange.shown;
  const request = [`${shown.method} ${shown.url}`, ...shown.headers.map(([n, v]) => `${n}: ${v}`), ...(shown.body !== undefined ? ['', cut(shown.body, 2000)] : [])].join('\n');
  const x = f.exchange;
  const headers = x.headers instanceof Headers ? Object.fromEntries(x.headers) : x.headers;
  const reply = x.status === 0
    ? `no HTTP answer: ${x.failure ?? 'unknown failure'}`
    : [`HTTP ${x.status} (${Math.round(x.durationMs)} ms)`, ...Object.entries(headers).filter(([n]) => shownReplyHeaders.has(n.toLowerCase())).map(([n, v]) => `${n}: ${v}`), '', cut(x.body, 2000)].join('\n');
  return { message, found, evidence: [['minimal request', request], ['answer', reply]], reproduction: curlCommand(shown) };
}

const clauseTitles: Record<GeneratedClause, (runs: number) => string> = {
  'NO-5XX': (runs) => `no generated request gets a 5xx (${runs} valid, ${runs} mutated)`,
  POSITIVE: (runs) => `${runs} generated valid requests get documented answers and are not refused`,
  NEGATIVE: (runs) => `${runs} generated requests with one mutation each: refused where they must be, documented answers always`,
};

/** What a generated request that fails each clause did, after "1 of N generated requests for OP". */
const clauseFailed: Record<GeneratedClause, string> = {
  'NO-5XX': 'got a 5xx answer',
  POSITIVE: 'were valid by the spec but refused, or got an answer it does not document',
  NEGATIVE: 'were not refused where the spec says they must be, or got an answer it does not document',
};

/**
 * Reports a clause's outcome to the check running it. A failure is a finding like every other check's:
 * "1 of 37 generated requests for fetchPage got a 5xx answer" (counting the requests tried until the
 * first failure), the shrunk request as its one case, the minimal request and its answer as evidence,
 * how it was found and how to replay it, and the curl that reproduces it.
 */
function judgeOutcome(ctx: CheckContext, run: GeneratedRun, clause: GeneratedClause, outcome: ClauseOutcome): void {
  ctx.evidence('generated', `${outcome.tried} request(s) judged for ${outcome.operationId}; ${run.sent} distinct request(s) sent to this target so far (seed ${run.seed})`);
  const f = outcome.failure;
  if (!f) return;
  const report = describeFailure(run, f);
  for (const [label, text] of report.evidence) ctx.evidence(label, text);
  // A problem of several lines (the spec's rules an answer breaks) is evidence whole; its case says it in one.
  const problem = headlineOf(f.problem);
  if (problem !== f.problem.trim()) ctx.evidence('what is wrong', f.problem);
  ctx.evidence('how it was found', report.found);
  const m = f.request.mutation;
  ctx.conclude({
    of: `generated requests for ${f.operationId}`,
    failed: clauseFailed[clause],
    tried: f.runs,
    cases: [{ label: m ? `the request with mutation "${m.name}" at ${m.pointer}` : 'a valid request', problem, reproduction: report.reproduction }],
  });
}

/** Milliseconds a request to `url` may take: its slot under the rate limit and 50 for the answer. */
export function perRequestMs(url: string): number {
  const rate = rateLimitFor(url);
  return rate === Infinity ? 50 : 1000 / rate + 50;
}

/**
 * How long one generated check against `url` may run: the crash clause's valid and mutated sequences
 * (2 × runs), up to 300 requests more while shrinking, and a minute for everything else.
 */
export function generatedTimeoutMs(url: string, runs: number): number {
  return 60_000 + (2 * runs + 300) * perRequestMs(url);
}

/**
 * The generated checks of one target: for each operation the crash clause, the positive clause and the
 * negative clause, each with its own shrunk failure. With --fuzz-runs 0 they are skipped, saying why.
 */
export function defineGeneratedChecks(check: Check, run: GeneratedRun, options: { timeoutMs: number; concurrent?: boolean }): void {
  for (const clause of generatedClauses) {
    if (run.runs === 0) {
      check(run.clauseId(clause), 'generated requests', () => undefined, { skip: 'generated checks are off (--fuzz-runs 0)' });
      continue;
    }
    for (const { operation } of run.binding.operations) {
      check(run.clauseId(clause), `${operation.operationId}: ${clauseTitles[clause](run.runs)}`, async (ctx) => {
        const total = clause === 'NO-5XX' ? 2 * run.runs : run.runs;
        const outcome = await run.check(operation.operationId, clause, {
          signal: ctx.signal,
          onTry: (tried) => ctx.progress(`${run.clauseId(clause)} ${operation.operationId}: ${tried}/${total} generated requests`),
        });
        judgeOutcome(ctx, run, clause, outcome);
      }, { timeout: options.timeoutMs, concurrent: options.concurrent ?? false });
    }
  }
}
