import type { HttpHandler } from 'msw';
import type { ClientReportOptions } from '../../src/client/createClientJudge.ts';
import { fetchServiceClientJudge } from '../../src/client/fetch-service/fetchServiceClientJudge.ts';
import type { JournalEntry } from '../../src/client/JournalEntry.ts';
import type { RunReport } from '../../src/verdict/RunReport.ts';
import { judgedRouteTable } from '../judgedRouteTable.ts';
import { BufferBudget } from '../../src/fetch-service/core/BufferBudget.ts';
import { ConcurrencyLimiter } from '../../src/fetch-service/core/ConcurrencyLimiter.ts';
import { FETCH_SERVICE_DEFAULTS, type FetchServiceLimits } from '../../src/fetch-service/core/FETCH_SERVICE_DEFAULTS.ts';
import type { RouteTable } from '../MockExchange.ts';
import type { FarmInfo } from '../../src/exchange/farmInfo.ts';
import { originTable } from '../origin/originTable.ts';
import { RequestLog, type FarmRequest } from '../origin/RequestLog.ts';
import { routeTableHandler } from '../routeTableHandler.ts';
import { checkFetchControlInput } from './fetchControlSpec.ts';
import { faultingFetchRoutes } from './faultingFetchRoutes.ts';
import { fetchControlRoutes } from './fetchControlRoutes.ts';
import { fetchMockFaults } from './fetchMockFaults.ts';
import { fetchServiceControl, type FetchScenario, type FetchServiceControl } from './fetchServiceControl.ts';
import { fetchServiceRoutes, type FetchServiceRouteContext } from './fetchServiceRoutes.ts';
import { mockPages, type PageInput } from './mockPages.ts';
import { preferredStatus } from './reservedStatus.ts';
import { readingClock } from '../readingClock.ts';
import { virtualFarm } from './virtualFarm.ts';
import { virtualOriginClient } from './virtualOriginClient.ts';

/** Where the handlers answer when no base URL is given: a reserved name, never a real service. */
export const defaultMockBaseUrl = 'https://fetch-service.conform.invalid';

export interface FetchServiceMockOptions {
  /** Where the service lives (any host, may have a path prefix); default `defaultMockBaseUrl`. */
  baseUrl?: string;
  /** Keys accepted in X-SVC-API-Key; at least one. */
  apiKeys: readonly string[];
  /**
   * A running origin farm (its `/__farm/info`): URLs on its four listeners are answered in memory from the
   * farm's route table, and it counts as trusted although on loopback, as an operator allowlist would
   * make it. The reserved virtual farm (`virtualFarm`) is always answered for too.
   */
  farm?: FarmInfo;
  /** The reference's limits and defaults (FETCH_SERVICE_DEFAULTS), any of them changed. */
  limits?: Partial<FetchServiceLimits>;
  /** Added to every answer, in milliseconds. */
  latencyMs?: number;
  /** How long a fetch bound to time out is held before its 504; default the smaller of 1 s and the timeout. */
  timeoutHoldMs?: number;
  /** Time as the client judge sees it (a client waiting out a 429's Retry-After); default Date.now. */
  clock?: () => number;
  /** What the client report calls the client; default "client". */
  clientLabel?: string;
  /** Pages served at start (and after a reset), as PUT /__conform/pages takes them; a bad one throws MockControlError. */
  pages?: readonly PageInput[];
}

export interface FetchServiceMock {
  /** For `setupServer(...mock.handlers)` or `serveHandlers`: the route table's msw adapter. */
  handlers: HttpHandler[];
  /** The mock's behaviour, which both adapters serve (serveRouteTable over node:http). */
  routes: RouteTable;
  baseUrl: string;
  limits: FetchServiceLimits;
  farms: readonly FarmInfo[];
  /** What the virtual farms were asked, as `/__farm/requests` lists it (every one, or those with `?probe=`). */
  originRequests(probe?: string): FarmRequest[];
  /** Fetches holding a concurrency slot now. */
  readonly inFlight: number;
  /**
   * How the client has done so far against the client clauses (FS-CLIENT-*), in the shape `conform run`
   * reports a server: clauses as rows, the client as the target.
   */
  clientReport(options?: ClientReportOptions): RunReport;
  /** The requests the mock received, the newest 500, the key named $SVC_API_KEY. */
  clientJournal(): JournalEntry[];
  /** The control API's operations (pages, scenario, faults, reset, journal), as HTTP serves them under /__conform/. */
  control: FetchServiceControl;
}

/** Requests of the virtual farms kept for `originRequests`, the newest; older ones are dropped. */
const mockRequestLogSize = 10_000;

/**
 * A mock of seed fetch-service.md without a network (see fetchServiceRoutes), answering by the
 * reference's own rules and words (src/fetch-service/core): the key check (401), validation (400, 415),
 * the concurrency limit (429 with Retry-After), and fetches answered from the origin farm's own route
 * table in memory with the seed's 502 and 504 rules and the reference's SSRF refusals (403, or 400 for
 * allowInsecureSsl). Every error carries `{statusCode, error, message}`. Any error status can be
 * had on purpose: `Prefer: code=NNN`, or the URL `https://status.conform.invalid/NNN`. As msw
 * handlers, and as a route table startFetchServiceMock serves over HTTP.
 */
export function createFetchServiceMock(options: FetchServiceMockOptions): FetchServiceMock {
  if (options.apiKeys.length === 0) throw new Error('the fetch-service mock needs at least one API key');
  const base = new URL(options.baseUrl ?? defaultMockBaseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const limits: FetchServiceLimits = { ...FETCH_SERVICE_DEFAULTS, ...options.limits };
  const farms = [virtualFarm, ...(options.farm ? [options.farm] : [])];
  const log = new RequestLog(mockRequestLogSize);
  const clock = readingClock(options.clock ?? Date.now);
  const makeJudge = () => fetchServiceClientJudge({ baseUrl: base.origin + prefix, clock, label: options.clientLabel, secrets: options.apiKeys.map((k) => [k, 'SVC_API_KEY'] as const) });
  let judge = makeJudge();
  const keyNumbers = new Map(options.apiKeys.map((key, index) => [key, index + 1]));
  // The pages a user starts with are checked as PUT /__conform/pages checks them.
  if (options.pages) checkFetchControlInput('putPages', { pages: options.pages });
  const pages = mockPages(options.pages);
  const faults = fetchMockFaults();
  const scenario: FetchScenario = { latencyMs: options.latencyMs ?? 0, maxConcurrency: limits.maxConcurrency, errorRate: 0 };
  // Read per request by fetchServiceRoutes, so the control API changes it in place.
  const ctx: FetchServiceRouteContext = {
    origin: base.origin,
    prefix,
    service: {
      limits,
      identify: (presented) => (presented ? (keyNumbers.get(presented) ?? 0) : 0),
      limiter: new ConcurrencyLimiter(limits.maxConcurrency),
      // The mock holds one fetch's body at a time per request and bounds none across them: no shared ceiling.
      budget: new BufferBudget(Number.POSITIVE_INFINITY),
      origins: virtualOriginClient({ farms: farms.map((info) => originTable(info, log)), timeoutMs: limits.timeoutMs, maxBytes: limits.maxBytes, timeoutHoldMs: options.timeoutHoldMs ?? Math.min(1000, limits.timeoutMs), pages }),
      forcedStatus: (request) => preferredStatus(request.header('prefer')),
    },
    latencyMs: scenario.latencyMs,
  };
  const service = faultingFetchRoutes(fetchServiceRoutes(ctx), `${prefix}/v1/fetch`, { faults, errorRate: () => scenario.errorRate, timeoutMs: () => limits.timeoutMs });
  // The judge watches every request the service answers, on both adapters; the answers stay the service's.
  const judged = () => judgedRouteTable(service, judge, clock, [base.origin]);
  const control = fetchServiceControl({
    scenario,
    applyScenario(s) {
      ctx.latencyMs = s.latencyMs;
      if (s.maxConcurrency !== limits.maxConcurrency) {
        // Fetches in flight give their slots back to the limiter they took them from.
        limits.maxConcurrency = s.maxConcurrency;
        ctx.service.limiter = new ConcurrencyLimiter(s.maxConcurrency);
      }
    },
    faults,
    pages,
    judge: () => judge,
    newJudge() {
      judge = makeJudge();
      routes.service = judged();
    },
  });
  const routes = fetchControlRoutes(control, [base.origin], judged());
  return {
    handlers: [routeTableHandler(routes)],
    routes,
    baseUrl: base.origin + prefix,
    limits,
    farms,
    originRequests: (probe) => log.requests(probe),
    get inFlight() {
      return ctx.service.limiter.total;
    },
    clientReport: (o) => judge.report(o),
    clientJournal: () => judge.journal(),
    control,
  };
}
