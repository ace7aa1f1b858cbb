import { randomBytes } from 'node:crypto';
import { farmAllowHosts } from '../../../mocks/origin/farmAllowHosts.ts';
import type { FarmInfo } from '../../exchange/farmInfo.ts';
import type { OriginFarm } from '../../../mocks/origin/startOriginFarm.ts';
import type { StartOptions } from '../../fetch-service/startFetchService.ts';
import type { FetchServiceTargetOptions } from './TargetOptions.ts';
import type { ExchangeLimits } from '../../exchange/exchangeLimits.ts';
import { scaledTimeoutMs } from './contention.ts';
import type { StartedTargets } from './StartedTargets.ts';
import { fetchServiceMockLabel, referenceLabels } from '../../verdict/referenceLabels.ts';
import { listenersOf, type FarmListeners } from '../../exchange/farmInfo.ts';
import type { FetchServiceTarget } from '../suite-api/targets.ts';

/**
 * Limits of the embedded targets: low, so the timeout, size and concurrency probes finish in seconds
 * instead of the seed's 60. Checks read the timeout from the target. It is 1.5 s on an idle machine and
 * scaled to a busy one (up to 20 s), measured when this module loads: a fixed 1.5 s turned pages the farm
 * serves at once into 504s at a load of 10 on 2 cores (one answered after 12.7 s). Sixteen fetches at
 * once: the suite's checks run side by side, and at 4 most of their requests were refused 429 and retried
 * until a slot freed (a run against both targets, --fuzz-runs 0: 7.1 CPU-s and 8.0 s at 4, 5.8 and 5.9 s
 * at 16). The concurrency probe's crowd still outgrows it (up to 64 fetches).
 */
export const embeddedLimits = { timeoutMs: scaledTimeoutMs({ idleMs: 1500, maxMs: 20_000 }), maxBytes: 1024 * 1024, maxConcurrency: 16 } as const;

/**
 * The embedded mock's options: the embedded limits, and a fetch bound to time out held until its deadline,
 * as the reference holds it. Held 1 s (the mock's default), the slow fetches of the concurrency probe's
 * crowd got their 504s before the crowd outgrew 16 on a busy machine (504 after 1.9 s, the timeout 8 s):
 * no 429 came, and FS-429 failed against the mock alone.
 */
export const embeddedMockOptions = { limits: embeddedLimits, timeoutHoldMs: embeddedLimits.timeoutMs } as const;

const nothingToClose = async (): Promise<void> => {};

/**
 * The fetch-service suite's targets. Deployments given: each with its key, the origin farm it names, the
 * one `conform run` started for it, or one started here on loopback (one for all that name none). None given, or `withReference`: a farm, the
 * reference and the mock, all on 127.0.0.1, sharing a generated key (and the farm shared with the
 * deployments that name none), before the deployments.
 */
export async function startFetchServiceTargets(given: readonly FetchServiceTargetOptions[], limits: ExchangeLimits, withReference = false): Promise<StartedTargets> {
  if (!given.length || withReference) {
    const embedded = await embeddedTargets(limits);
    return { targets: [...embedded.targets, ...deploymentTargets(given, embedded.farm)], close: embedded.close };
  }
  let close = nothingToClose;
  let farm: FarmListeners | undefined;
  if (given.some((t) => !t.originUrl && !t.runFarm)) {
    const started = await startWarmFarm();
    farm = listenersOf(started);
    close = started.close;
  }
  return { targets: deploymentTargets(given, farm), close };
}

/** The run's own farm (started for the deployments that name none). */
function deploymentTargets(given: readonly FetchServiceTargetOptions[], farm: FarmListeners | undefined): FetchServiceTarget[] {
  return given.map(
    (t): FetchServiceTarget => ({
      label: t.label ?? `fetch service at ${t.baseUrl}`,
      baseUrl: t.baseUrl,
      apiKeyVar: t.apiKeyVar ?? 'SVC_API_KEY',
      apiKey: t.apiKey,
      originUrl: t.originUrl ?? (t.runFarm ?? farm!).httpUrl,
      ...(t.originUrl === undefined ? { ownFarm: t.runFarm ?? farm! } : {}),
      fetchTimeoutSeconds: t.fetchTimeoutSeconds,
      embedded: false,
      limits: t.limits,
    }),
  );
}

async function embeddedTargets(limits: ExchangeLimits): Promise<StartedTargets & { farm: FarmListeners }> {
  const { startFetchServiceMock } = await import('../../../mocks/fetch-service/startFetchServiceMock.ts');
  const apiKey = `conform-embedded-${randomBytes(18).toString('base64url')}`;
  const closers: Array<() => Promise<void>> = [];
  const close = async (): Promise<void> => {
    await Promise.allSettled(closers.reverse().map((c) => c()));
  };
  try {
    const farm = await startWarmFarm();
    closers.push(farm.close);
    const reference = await startEmbeddedReference(farm, apiKey);
    closers.push(reference.close);
    const mock = await startFetchServiceMock({ host: '127.0.0.1', port: 0, apiKeys: [apiKey], farm, ...embeddedMockOptions });
    closers.push(mock.close);
    const ownFarm = listenersOf(farm);
    const common = { apiKeyVar: 'SVC_API_KEY', apiKey, originUrl: farm.httpUrl, ownFarm, fetchTimeoutSeconds: embeddedLimits.timeoutMs / 1000, embedded: true, limits } as const;
    const targets: FetchServiceTarget[] = [
      { label: referenceLabels['fetch-service'], baseUrl: reference.url, ...common },
      { label: fetchServiceMockLabel, baseUrl: mock.url, ...common },
    ];
    return { targets, close, farm: ownFarm };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * An origin farm on 127.0.0.1 with its gzip bomb already made: the farm compresses it on first use, which
 * takes about a second, longer than the embedded timeout, and would turn a 502 probe into a 504.
 */
export async function startWarmFarm(): Promise<OriginFarm> {
  const { startOriginFarm } = await import('../../../mocks/origin/startOriginFarm.ts');
  const { gzipBomb } = await import('../../../mocks/origin/gzipBomb.ts');
  const [farm] = await Promise.all([startOriginFarm({ host: '127.0.0.1' }), gzipBomb()]);
  return farm;
}

/**
 * The reference service configured as the suite expects of an embedded target: the farm allowlisted and
 * its CA trusted, everything else on loopback SSRF-refused, the embedded limits, no log output. Its
 * outbound dial is the loopback-only wall and its resolver a stub that knows no name, so even a wrong
 * reference cannot send a packet or a DNS query beyond this machine. `overrides` make broken variants.
 */
export async function startEmbeddedReference(farm: FarmInfo, apiKey: string, overrides: Partial<StartOptions> = {}): Promise<{ url: string; close(): Promise<void> }> {
  const { startFetchService } = await import('../../fetch-service/startFetchService.ts');
  const { createLoopbackOnlyDial } = await import('../../fetch-service/loopbackOnlyDial.ts');
  const { createStubResolver } = await import('../../fetch-service/stubResolver.ts');
  const wall = createLoopbackOnlyDial();
  const running = await startFetchService({
    host: '127.0.0.1',
    port: 0,
    apiKeys: [apiKey],
    allowHosts: farmAllowHosts(farm),
    trustedCa: [farm.ca],
    ...embeddedLimits,
    dial: wall.dial,
    resolve: createStubResolver().resolve,
    // Empty proxy settings: the operator's HTTP_PROXY must not route the embedded reference anywhere.
    proxy: { httpProxy: '', httpsProxy: '' },
    log: () => undefined,
    ...overrides,
  });
  return { url: running.url, close: running.close };
}
