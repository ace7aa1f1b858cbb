// A worker thread of ValidatorPool: parses and validates batches of records' bytes, and hands back
// their verdicts. It knows nothing of places, files or output.
import { parentPort, workerData } from 'node:worker_threads';
import { judgeBytes, type JudgeOptions } from './judgeRecord.ts';
import type { PoolRequest, PoolReply } from './ValidatorPool.ts';

const options = workerData as JudgeOptions;
parentPort!.on('message', ({ id, bytes, ends }: PoolRequest) => {
  const verdicts = [];
  for (let i = 0, start = 0; i < ends.length; start = ends[i++]!) verdicts.push(judgeBytes(bytes.subarray(start, ends[i]), options));
  parentPort!.postMessage({ id, verdicts } satisfies PoolReply);
});
