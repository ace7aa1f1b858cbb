import type { HttpHandler } from 'msw';
import type { ClientReportOptions } from '../../src/client/createClientJudge.ts';
import type { JournalEntry } from '../../src/client/JournalEntry.ts';
import type { TokenNamer } from '../../src/client/ClientExchange.ts';
import { meetingPlatformClientJudge } from '../../src/client/meeting-platform/meetingPlatformClientJudge.ts';
import type { RunReport } from '../../src/verdict/RunReport.ts';
import { judgedRouteTable } from '../judgedRouteTable.ts';
import type { RouteTable } from '../MockExchange.ts';
import { routeTableHandler } from '../routeTableHandler.ts';
import { randomSecret, signingKey, type MockSecret } from '../signingKey.ts';
import { accessTokens, accessTokenTtlSeconds } from './accessTokens.ts';
import { adjustableClock } from './adjustableClock.ts';
import { awkwardPageTokens } from './awkwardPageTokens.ts';
import { routeScopes, type ApiContext } from './apiRoutes.ts';
import type { Clock } from './clock.ts';
import { demoAccount } from './demoAccount.ts';
import { demoSeed } from './demoSeed.ts';
import { controlRoutes } from './controlRoutes.ts';
import { faultingRouteTable } from './faultingRouteTable.ts';
import { fixedWindowLimiter } from './fixedWindowLimiter.ts';
import { meetingPlatformControl, type MeetingPlatformControl } from './meetingPlatformControl.ts';
import { mockFaults } from './mockFaults.ts';
import { operationOf } from './operationOf.ts';
import { createMeetingPlatformState, type MeetingPlatformState } from './meetingPlatformState.ts';
import { meetingPlatformRoutes, type MeetingPlatformRouteContext, type MeetingPlatformScenario } from './meetingPlatformRoutes.ts';
import { pageTokens } from './pageTokens.ts';
import { generateMeetings } from './generateMeetings.ts';
import { seededRandom, type Random } from './seededRandom.ts';
import type { MeetingAccount, MeetingPlatformSeed } from './seedTypes.ts';
import type { ResolvedAccount } from './ResolvedAccount.ts';

export type { MeetingPlatformScenario } from './meetingPlatformRoutes.ts';

/** The real platform's public addresses: the handlers stand in for them unless told otherwise. */
export const realAuthUrl = 'https://zoom.us';
export const realApiBaseUrl = 'https://api.zoom.us';
/** Join links point here: a reserved name, so no browser ever reaches a real meeting by mistake. */
export const defaultJoinUrlBase = 'https://meeting-platform.example';
/** The granular read scopes a server-to-server app is given for these calls. */
export const defaultScopes: string[] = Object.values(routeScopes).map(([granular]) => granular);

export interface MeetingPlatformOptions {
  /** Where the token endpoint lives (any host); default the real platform's. */
  authUrl?: string;
  /** Where /v2 lives (any host, may have a path prefix); default the real platform's. */
  apiBaseUrl?: string;
  /** Apps that may obtain tokens; default the demo account. */
  accounts?: MeetingAccount[];
  /** Users and meetings; default demo data for every account. */
  seed?: MeetingPlatformSeed;
  /** Time as the mock sees it; default Date.now. The control API moves it by an offset (`mock.control.clock`). */
  clock?: Clock;
  joinUrlBase?: string;
  tokenTtlSeconds?: number;
  scenario?: Partial<MeetingPlatformScenario>;
  /** Seed of the demo data, of injected errors and of generated meetings. */
  randomSeed?: number;
  /** Meetings generated for every user on top of the seed (`--meetings N`); part of what a reset puts back. */
  generatedMeetings?: number;
  /**
   * The key access tokens and page tokens are signed with; default random for this mock. Mocks given the
   * same secret (and accounts and data) accept each other's tokens: one restarted, or several behind a
   * load balancer.
   */
  secret?: MockSecret;
  /** What the client report calls the client; default "client". */
  clientLabel?: string;
}

export interface MeetingPlatformMock {
  /** For `setupServer(...mock.handlers)` or `serveHandlers`: the route table's msw adapter. */
  handlers: HttpHandler[];
  /** The mock's behaviour, which both adapters serve (serveRouteTable over node:http). */
  routes: RouteTable;
  state: MeetingPlatformState;
  accounts: ResolvedAccount[];
  authUrl: string;
  apiBaseUrl: string;
  scenario: MeetingPlatformScenario;
  /**
   * How the client has done so far against the client clauses (MP-CLIENT-*), in the shape `conform run`
   * reports a server: clauses as rows, the client as the target. By default the session counts as over
   * (a walk of the list left with a token pending stopped early); `{ end: false }` while it is at work.
   */
  clientReport(options?: ClientReportOptions): RunReport;
  /**
   * How this mock names the tokens it mints (TokenNamer), as its own client judge is given it: for a
   * judge of its client built apart from it (bench/client-judge.bench.ts).
   */
  tokenNamer: TokenNamer;
  /** The requests the mock received, the newest 500, secrets named by their variables. */
  clientJournal(): JournalEntry[];
  /**
   * The control API (specs/mock-control.openapi.yaml), as served over HTTP under `/__conform/`: reset,
   * the clock, the scenario switches, one-shot faults, the journal and the client report.
   */
  control: MeetingPlatformControl;
}

/**
 * A mock that behaves like the real meeting platform (see meetingPlatformRoutes), as msw handlers that
 * stand in for the platform's hosts, and as a route table startMeetingPlatformServer serves over HTTP.
 * Its state does not grow with traffic: users and meetings are the seed, tokens are signed, not stored.
 */
export function createMeetingPlatformMock(options: MeetingPlatformOptions = {}): MeetingPlatformMock {
  const authUrl = trimSlash(options.authUrl ?? realAuthUrl);
  const apiBaseUrl = trimSlash(options.apiBaseUrl ?? realApiBaseUrl);
  const clock = adjustableClock(options.clock ?? Date.now);
  const accountsIn = options.accounts?.length ? options.accounts : [{ ...demoAccount }];
  const newGenerationDraws = () => seededRandom(((options.randomSeed ?? 7) ^ 0x5eed) >>> 0);
  let generationDraws = newGenerationDraws();
  const seed = withGenerated(options.seed ?? demoSeed(accountsIn, clock(), options.randomSeed), options.generatedMeetings ?? 0, generationDraws, clock());
  const state = createMeetingPlatformState({ seed, joinUrlBase: options.joinUrlBase ?? defaultJoinUrlBase });
  const accounts = accountsIn.map((a): ResolvedAccount => ({
    ...a,
    userId: a.userId ?? seed.users.find((u) => u.account_id === a.accountId)?.id ?? '',
    scopes: a.scopes ?? defaultScopes,
  }));
  const scenario: MeetingPlatformScenario = { latencyMs: 0, errorRate: 0, wrongAddress: false, rateLimitPerSecond: 0, awkwardPageTokens: false, ...options.scenario };
  const secret = options.secret ?? randomSecret();
  const tokens = accessTokens(signingKey(secret, 'meeting-platform access tokens'), accounts, clock, options.tokenTtlSeconds ?? accessTokenTtlSeconds);
  const pages = awkwardPageTokens(pageTokens(clock, undefined, signingKey(secret, 'meeting-platform page tokens')), () => scenario.awkwardPageTokens);
  const api: ApiContext = { state, clock, pages };
  const newJudge = () => meetingPlatformClientJudge({ authUrl, apiBaseUrl, tokenNamer: tokens.name, clock, label: options.clientLabel, secrets: accounts.map((a) => [a.clientSecret, 'MEETING_CLIENT_SECRET'] as const) });
  const newDraws = () => seededRandom(options.randomSeed ?? 7);
  const newLimiter = () => fixedWindowLimiter(clock, () => scenario.rateLimitPerSecond);
  // The routes read `random` and `withinLimit` from here on every request, so a reset can replace them.
  const routeContext: MeetingPlatformRouteContext = { authUrl, apiBaseUrl, scenario, random: newDraws(), accounts, tokens, api, withinLimit: newLimiter() };
  const platform = meetingPlatformRoutes(routeContext);
  const origins = [...new Set([new URL(authUrl).origin, new URL(apiBaseUrl).origin])];
  const operations = operationOf(authUrl, apiBaseUrl);
  let judge = newJudge();
  // The fault layer stands in front of the platform only while a fault waits: without one, a request
  // pays nothing for it. The judge watches every request the platform answers, faults included, on both
  // adapters; the answers stay the platform's.
  const faults = mockFaults(() => (routes.service = judged()));
  const faulting = faultingRouteTable(platform, faults, operations);
  const judged = () => judgedRouteTable(faults.size ? faulting : platform, judge, clock, origins);
  const control = meetingPlatformControl({
    clock,
    scenario,
    faults,
    judge: () => judge,
    operationOf: operations,
    resetRest() {
      state.reset();
      judge = newJudge();
      routeContext.random = newDraws();
      routeContext.withinLimit = newLimiter();
      routes.service = judged();
      generationDraws = newGenerationDraws();
    },
    state,
    accountId: accountsIn[0]!.accountId,
    generationDraws: () => generationDraws,
  });
  const routes = controlRoutes(control, origins, judged());
  return {
    handlers: [routeTableHandler(routes)],
    routes,
    state,
    accounts,
    authUrl,
    apiBaseUrl,
    scenario,
    clientReport: (o) => judge.report(o),
    clientJournal: () => judge.journal(),
    tokenNamer: tokens.name,
    control,
  };
}

/** The seed with `perUser` generated meetings more for each of its users. */
function withGenerated(seed: MeetingPlatformSeed, perUser: number, random: Random, nowMs: number): MeetingPlatformSeed {
  if (perUser <= 0) return seed;
  const usedIds = new Set(seed.meetings.map((m) => m.id));
  const usedUuids = new Set(seed.meetings.map((m) => m.uuid));
  const added = generateMeetings(random, { count: perUser, hostIds: seed.users.map((u) => u.id), nowMs, usedIds, usedUuids });
  return { users: seed.users, meetings: [...seed.meetings, ...added] };
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
