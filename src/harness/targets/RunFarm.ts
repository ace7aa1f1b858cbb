import type { OriginFarm } from '../../../mocks/origin/startOriginFarm.ts';
import type { TargetOptions } from './TargetOptions.ts';
import { listenersOf } from '../../exchange/farmInfo.ts';

/**
 * The origin farm a run starts on loopback for the fetch-service deployments that name none: started by
 * the preflight, when one of them answers and is to be asked to fetch from it, so that whether it can is
 * known before any check runs; then lent to the suites, and closed when the run ends.
 */
export class RunFarm {
  #farm: Promise<OriginFarm> | undefined;

  /** The farm's base URL, the farm started (its gzip bomb made) on the first call. */
  readonly url = async (): Promise<string> => {
    this.#farm ??= import('./startFetchServiceTargets.ts').then(({ startWarmFarm }) => startWarmFarm());
    return (await this.#farm).httpUrl;
  };

  /** `options` with the farm's listeners given to each fetch-service deployment that names none (runFarm), once it is started. */
  async lend<O extends { targets: TargetOptions }>(options: O): Promise<O> {
    if (!this.#farm) return options;
    const runFarm = listenersOf(await this.#farm);
    const targets = options.targets['fetch-service'].map((t) => (t.originUrl !== undefined ? t : { ...t, runFarm }));
    return { ...options, targets: { ...options.targets, 'fetch-service': targets } };
  }

  async close(): Promise<void> {
    const farm = this.#farm;
    this.#farm = undefined;
    await (await farm?.catch(() => undefined))?.close();
  }
}
