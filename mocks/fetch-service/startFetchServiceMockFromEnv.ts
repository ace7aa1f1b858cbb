import { randomBytes } from 'node:crypto';
import type { FetchServiceLimits } from '../../src/fetch-service/core/FETCH_SERVICE_DEFAULTS.ts';
import { cannotListen, MockStartError } from '../MockStartError.ts';
import { farmInfoBounds, readFarmInfo, type FarmInfo } from '../../src/exchange/farmInfo.ts';
import { fetchControlPrefix } from './fetchControlRoutes.ts';
import type { PageInput } from './mockPages.ts';
import { startFetchServiceMock, type FetchServiceMockServer } from './startFetchServiceMock.ts';

export interface FetchServiceMockFromEnvOptions {
  host: string;
  port: number;
  /** A running origin farm (`conform origin`) whose URLs are answered in memory too, as the virtual farm's are. */
  originUrl?: string;
  limits?: Partial<FetchServiceLimits>;
  /** Added to every answer, in milliseconds. */
  latencyMs?: number;
  /** Pages served from the start (readPagesFile checked them). */
  pages?: readonly PageInput[];
  /** Keys POST /__conform/keys keeps at once (`--max-keys`); one more evicts the key idle the longest. */
  maxKeys?: number;
}

export interface StartedFetchServiceMock {
  /** POST {url}/v1/fetch. */
  url: string;
  /** The key it takes when $SVC_API_KEY is not set: made up at start, the mock's own, fit to print. */
  demoKey?: string;
  /** The farm of `originUrl`, as its /__farm/info describes it. */
  farm?: FarmInfo;
  /** The control API: {url}/__conform/. */
  controlUrl: string;
  /** How its client did against the client clauses (FetchServiceMock.clientReport). */
  clientReport: FetchServiceMockServer['clientReport'];
  close(): Promise<void>;
}

/**
 * The fetch-service mock as `conform mock fetch-service` serves it (startFetchServiceMock): the key in
 * $SVC_API_KEY, or else a demo key made up now; the farm at `originUrl` answered too. A MockStartError in
 * one line when no farm runs at `originUrl` or the port cannot be listened on.
 */
export async function startFetchServiceMockFromEnv(options: FetchServiceMockFromEnvOptions, env: Record<string, string | undefined>): Promise<StartedFetchServiceMock> {
  const { host, port, originUrl, limits, latencyMs, pages, maxKeys } = options;
  const demoKey = env.SVC_API_KEY ? undefined : `conform-demo-${randomBytes(12).toString('hex')}`;
  const farm = originUrl === undefined ? undefined : await readFarmInfo(originUrl, farmInfoBounds).catch(() => undefined);
  if (originUrl !== undefined && !farm) {
    throw new MockStartError(`--origin-url ${originUrl} is not a running origin farm (GET /__farm/info failed); start one with: conform origin`);
  }
  const server = await startFetchServiceMock({ host, port, apiKeys: [demoKey ?? env.SVC_API_KEY!], farm, limits, latencyMs, ...(pages && { pages }), ...(maxKeys !== undefined && { maxKeys }) }).catch((err: unknown) => {
    throw cannotListen(host, port, err);
  });
  return { url: server.url, controlUrl: `${server.url}${fetchControlPrefix}`, ...(demoKey && { demoKey }), ...(farm && { farm }), clientReport: server.clientReport, close: server.close };
}
