import { setTimeout as sleep } from 'node:timers/promises';
import { http, type HttpHandler } from 'msw';
import { accessTokens, accessTokenTtlSeconds } from './accessTokens.ts';
import { getMeeting, getUser, listMeetings, routeScopes, type ApiContext, type ApiRoute } from './apiRoutes.ts';
import type { Clock } from './clock.ts';
import { demoAccount } from './demoAccount.ts';
import { demoSeed } from './demoSeed.ts';
import { fixedWindowLimiter } from './fixedWindowLimiter.ts';
import { anyPathOn, gatewayRoute, type RouteParams } from './gatewayRoute.ts';
import { htmlNotFound } from './htmlNotFound.ts';
import { createMeetingPlatformState, type MeetingPlatformState } from './meetingPlatformState.ts';
import { pageTokens } from './pageTokens.ts';
import { apiError, invalidAccessToken, missingScopes, rateLimited } from './platformResponses.ts';
import { seededRandom } from './seededRandom.ts';
import type { MeetingAccount, MeetingPlatformSeed } from './seedTypes.ts';
import { tokenEndpoint, type ResolvedAccount } from './tokenEndpoint.ts';

/** The real platform's public addresses: the handlers stand in for them unless told otherwise. */
export const realAuthUrl = 'https://zoom.us';
export const realApiBaseUrl = 'https://api.zoom.us';
/** Join links point here: a reserved name, so no browser ever reaches a real meeting by mistake. */
export const defaultJoinUrlBase = 'https://meeting-platform.example';
/** The granular read scopes a server-to-server app is given for these calls. */
export const defaultScopes: string[] = Object.values(routeScopes).map(([granular]) => granular);

/** Switches for development; the mock reads them on every request, so they can change while it runs. */
export interface MeetingPlatformScenario {
  /** Added to every answer, in real milliseconds. */
  latencyMs: number;
  /** Share of requests (0..1) answered 503 with a JSON error, drawn from a seeded generator. */
  errorRate: number;
  /** Answer everything with the HTML page a wrong host or path gets. */
  wrongAddress: boolean;
  /** API requests per second per account before 429; 0 = no limit. */
  rateLimitPerSecond: number;
}

export interface MeetingPlatformOptions {
  /** Where the token endpoint lives (any host); default the real platform's. */
  authUrl?: string;
  /** Where /v2 lives (any host, may have a path prefix); default the real platform's. */
  apiBaseUrl?: string;
  /** Apps that may obtain tokens; default the demo account. */
  accounts?: MeetingAccount[];
  /** Users and meetings; default demo data for every account. */
  seed?: MeetingPlatformSeed;
  /** Time as the mock sees it; default Date.now. */
  clock?: Clock;
  joinUrlBase?: string;
  tokenTtlSeconds?: number;
  scenario?: Partial<MeetingPlatformScenario>;
  /** Seed of the demo data and of injected errors. */
  randomSeed?: number;
}

export interface MeetingPlatformMock {
  /** For `setupServer(...mock.handlers)` or `serveHandlers`. */
  handlers: HttpHandler[];
  state: MeetingPlatformState;
  accounts: ResolvedAccount[];
  authUrl: string;
  apiBaseUrl: string;
  scenario: MeetingPlatformScenario;
}

/**
 * msw handlers that behave like the real meeting platform: the account-credentials token endpoint, the
 * current user, the meeting list with next_page_token, and meetings by id or UUID, behind a gateway that
 * decodes paths once. Unknown paths on either host get the platform's HTML 404 page.
 */
export function createMeetingPlatformMock(options: MeetingPlatformOptions = {}): MeetingPlatformMock {
  const authUrl = trimSlash(options.authUrl ?? realAuthUrl);
  const apiBaseUrl = trimSlash(options.apiBaseUrl ?? realApiBaseUrl);
  const clock = options.clock ?? Date.now;
  const accountsIn = options.accounts?.length ? options.accounts : [{ ...demoAccount }];
  const seed = options.seed ?? demoSeed(accountsIn, clock(), options.randomSeed);
  const state = createMeetingPlatformState({ seed, joinUrlBase: options.joinUrlBase ?? defaultJoinUrlBase });
  const accounts = accountsIn.map((a): ResolvedAccount => ({
    ...a,
    userId: a.userId ?? seed.users.find((u) => u.account_id === a.accountId)?.id ?? '',
    scopes: a.scopes ?? defaultScopes,
  }));
  const scenario: MeetingPlatformScenario = { latencyMs: 0, errorRate: 0, wrongAddress: false, rateLimitPerSecond: 0, ...options.scenario };
  const tokens = accessTokens(state, clock, options.tokenTtlSeconds ?? accessTokenTtlSeconds);
  const api: ApiContext = { state, clock, pages: pageTokens(clock) };
  const withinLimit = fixedWindowLimiter(clock, () => scenario.rateLimitPerSecond);
  const random = seededRandom(options.randomSeed ?? 7);

  /** The scenario switches, ahead of every answer the mock gives. */
  const gate = (answer: (request: Request, params: RouteParams) => Response | Promise<Response>) => async ({ request, params }: { request: Request; params: RouteParams }) => {
    if (scenario.latencyMs > 0) await sleep(scenario.latencyMs);
    if (scenario.wrongAddress) return htmlNotFound();
    if (scenario.errorRate > 0 && random() < scenario.errorRate) {
      return apiError(503, 503, 'Service temporarily unavailable. Try again later.', {}, { 'x-mock-injected': 'errorRate' });
    }
    return answer(request, params);
  };

  /** Token, scope and rate checks in front of an API route, in the platform's order. */
  const guarded = (route: ApiRoute, scopes: readonly string[]) =>
    gate((request, params) => {
      const grant = tokens.verify(request.headers.get('authorization'));
      if (!grant) return invalidAccessToken();
      const granted = grant.scope.split(' ');
      if (!scopes.some((s) => granted.includes(s))) return missingScopes([...scopes]);
      if (!withinLimit(grant.accountId)) return rateLimited(scenario.rateLimitPerSecond);
      return route(request, params, grant, api);
    });

  const tokenCtx = { accounts, tokens, authUrl, apiBaseUrl };
  const handlers = [
    http.post(gatewayRoute(authUrl, '/oauth/token'), gate((request) => tokenEndpoint(request, tokenCtx))),
    http.get(gatewayRoute(apiBaseUrl, '/v2/users/:userId'), guarded(getUser, routeScopes.user)),
    http.get(gatewayRoute(apiBaseUrl, '/v2/users/:userId/meetings'), guarded(listMeetings, routeScopes.listMeetings)),
    http.get(gatewayRoute(apiBaseUrl, '/v2/meetings/:meetingId*'), guarded(getMeeting, routeScopes.meeting)),
    http.all(anyPathOn(authUrl), gate(htmlNotFound)),
    http.all(anyPathOn(apiBaseUrl), gate(htmlNotFound)),
  ];
  return { handlers, state, accounts, authUrl, apiBaseUrl, scenario };
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
