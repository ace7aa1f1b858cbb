import { afterAll, beforeAll } from 'vitest';
import { startOriginFarm, type OriginFarm, type OriginFarmOptions } from '../startOriginFarm.ts';

/** One farm for a test file: started before its tests, closed after them. Call the result inside a test. */
export function useOriginFarm(options: OriginFarmOptions = {}): () => OriginFarm {
  let farm: OriginFarm | undefined;
  beforeAll(async () => {
    farm = await startOriginFarm(options);
  });
  afterAll(() => farm?.close());
  return () => {
    if (!farm) throw new Error('the origin farm is not started: call useOriginFarm() at the top of a describe');
    return farm;
  };
}
