import { randomUUID } from 'node:crypto';
import { bodyText, boundedRequest, failureOf, type BoundedAnswer } from '../../src/exchange/boundedRequest.ts';
import type { ExchangeLimits } from '../../src/exchange/exchangeLimits.ts';
import type { RequestBounds } from '../../src/exchange/requestBounds.ts';
import { farmListenersAt, readFarmInfo, type FarmListeners } from '../../src/exchange/farmInfo.ts';

/**
 * The origin farm as the suite sees it: over HTTP only (`/__farm/info`, `/__farm/pages`,
 * `/__farm/requests`), so a farm on another host serves as well as the one started on loopback.
 */
export type { FarmListeners };

/** One entry of `/__farm/pages`: a fixed body and what a fetch service should report for it. */
export interface FarmPage {
  path: string;
  summary: string;
  headers: Array<[string, string]>;
  mimeType: string;
  /** WHATWG name of the body's encoding; null for a binary body. */
  encoding: string | null;
  declaredIn: string | null;
  /** The body decoded; null for a binary body. */
  text: string | null;
  base64: string;
}

export interface FarmRequest {
  method: string;
  /** The request target as sent (path and query). */
  path: string;
  /** As the farm received them: lowercase names, repeated ones as arrays. */
  headers: Record<string, string | string[] | undefined>;
  listener: string;
  /** When the farm had its answer ready (absent while it holds a slow page, and from farms before this field). */
  answeredAt?: string;
  /** When the requester went away before the answer was all written (absent from farms before this field). */
  hungUpAt?: string;
}

export interface Farm {
  listeners: FarmListeners;
  pages: FarmPage[];
  page(path: string): FarmPage;
  /** `path` on a listener, with `?probe=TOKEN` added when given. */
  url(listener: keyof FarmListeners, path: string, probe?: string): string;
  /** The requests the farm received that carried `probe`. */
  requests(probe: string): Promise<FarmRequest[]>;
}

/** A token for `?probe=`: the farm logs it, so a check can prove a request did or did not arrive. */
export function newProbe(): string {
  return `conform-${randomUUID()}`;
}

const loaded = new Map<string, Promise<Farm>>();

/** The farm at `originUrl`, read once per worker; every exchange with it held to `limits` (the run's: the farm is no target). */
export function loadFarm(originUrl: string, limits: ExchangeLimits): Promise<Farm> {
  let farm = loaded.get(originUrl);
  if (!farm) {
    farm = readFarm(originUrl, limits.bounds);
    loaded.set(originUrl, farm);
  }
  return farm;
}

async function readFarm(originUrl: string, bounds: RequestBounds): Promise<Farm> {
  const origin = new URL(originUrl);
  const info = await readFarmInfo(originUrl, bounds).catch((err: unknown) => {
    throw new Error(`origin farm: ${failureOf(err)}; is ${origin.origin} a conform origin farm?`);
  });
  const pages = (await getJson(new URL('/__farm/pages', origin), bounds)) as FarmPage[];
  const listeners = farmListenersAt(info, originUrl);
  return {
    listeners,
    pages,
    page(path) {
      const page = pages.find((p) => p.path === path);
      if (!page) throw new Error(`the origin farm at ${originUrl} has no page ${path} in /__farm/pages`);
      return page;
    },
    url(listener, path, probe) {
      const url = new URL(path, listeners[listener]);
      if (probe) url.searchParams.set('probe', probe);
      return url.href;
    },
    async requests(probe) {
      const url = new URL('/__farm/requests', origin);
      url.searchParams.set('probe', probe);
      return (await getJson(url, bounds)) as FarmRequest[];
    },
  };
}

async function getJson(url: URL, bounds: RequestBounds): Promise<unknown> {
  let answer: BoundedAnswer;
  try {
    answer = await boundedRequest(url.href, { bounds });
  } catch (err) {
    throw new Error(`origin farm: GET ${url.href}: no HTTP answer: ${failureOf(err)}`);
  }
  if (answer.status < 200 || answer.status > 299) throw new Error(`origin farm: GET ${url.href} answered ${answer.status}; is ${url.origin} a conform origin farm?`);
  return JSON.parse(bodyText(answer.body)) as unknown;
}
