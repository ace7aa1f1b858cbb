import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { JudgeOptions, Verdict } from './judgeRecord.ts';

/** A batch of records' bytes, packed into one buffer (moved, not copied, to the worker): record i ends at ends[i]. */
export interface PoolRequest {
  id: number;
  bytes: Uint8Array;
  ends: Uint32Array;
}

export interface PoolReply {
  id: number;
  verdicts: Verdict[];
}

interface Pending {
  resolve: (verdicts: Verdict[]) => void;
  reject: (err: Error) => void;
  worker: number;
}

/**
 * Workers for this machine: one per core, at most 4 (past that, this thread, which reads, splits and
 * prints the stream, is the limit); none on a single core. Measured on 2 cores with 1,000,000 NDJSON
 * records: 2 workers 23 s, 1 worker 35 s, none 41 s; this thread's share of the work is small enough
 * that leaving it a core of its own costs more than it saves.
 */
export function defaultWorkerCount(): number {
  const cores = availableParallelism();
  return cores < 2 ? 0 : Math.min(4, cores);
}

const youngGenerationMb = 8;
const oldGenerationMb = 1024;

// Beside this file, whether it runs as TypeScript from the sources or as JavaScript built into dist/.
const workerUrl = new URL(`./validateWorker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

/**
 * Worker threads that parse and validate records' bytes in parallel: parsing JSON costs as much as
 * validating it, and a long NDJSON stream is otherwise bound to one core. Verdicts come back in the
 * order the batches were given, whichever worker finishes first.
 */
export class ValidatorPool {
  readonly #workers: Worker[];
  readonly #busy: number[];
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;
  #failure: Error | undefined;
  #closed = false;

  constructor(size: number, options: JudgeOptions) {
    this.#workers = Array.from({ length: size }, (_, w) => {
      // V8 doubles a young generation again and again over a long run of short-lived objects (each
      // record's parse), and grows the old one freely while its limit is the default gigabytes. With both
      // capped (young 8 MiB, old 1 GiB: twice what the worst record's parse needs, 16 MiB of empty
      // objects), peak RSS for 1,000,000 records with 2 workers is 1.08x that for 100,000 (1.31x
      // uncapped), and no slower (bench/records-validate.bench.ts).
      const worker = new Worker(workerUrl, { workerData: options, resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb, maxOldGenerationSizeMb: oldGenerationMb } });
      worker.on('message', ({ id, verdicts }: PoolReply) => this.#settle(id, (p) => p.resolve(verdicts)));
      worker.on('error', (err) => this.#fail(w, err));
      worker.on('exit', (code) => {
        if (code !== 0 && !this.#closed) this.#fail(w, new Error(`a validation worker stopped (exit code ${String(code)})`));
      });
      return worker;
    });
    this.#busy = this.#workers.map(() => 0);
  }

  /** The verdicts on `records` (each one record's bytes), in their order. */
  judge(records: readonly Uint8Array[]): Promise<Verdict[]> {
    if (this.#failure) return Promise.reject(this.#failure);
    const ends = new Uint32Array(records.length);
    let size = 0;
    records.forEach((r, i) => (ends[i] = size += r.length));
    const bytes = new Uint8Array(size);
    records.forEach((r, i) => bytes.set(r, ends[i]! - r.length));
    const worker = this.#busy.indexOf(Math.min(...this.#busy));
    const id = this.#nextId++;
    this.#busy[worker]!++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, worker });
      this.#workers[worker]!.postMessage({ id, bytes, ends } satisfies PoolRequest, [bytes.buffer]);
    });
  }

  /** Stops the workers; batches still pending are dropped, unanswered (their reader has gone). */
  async close(): Promise<void> {
    this.#closed = true;
    this.#pending.clear();
    await Promise.all(this.#workers.map((w) => w.terminate()));
  }

  #settle(id: number, settle: (p: Pending) => void): void {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#pending.delete(id);
    this.#busy[pending.worker]!--;
    settle(pending);
  }

  #fail(worker: number, err: Error): void {
    this.#failure ??= err;
    for (const [id, p] of this.#pending) if (p.worker === worker) this.#settle(id, (q) => q.reject(err));
  }
}
