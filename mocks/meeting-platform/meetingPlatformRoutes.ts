import { setTimeout as sleep } from 'node:timers/promises';
import type { MockReply, MockRequest, RouteTable } from '../MockExchange.ts';
import { PathPattern } from '../../src/openapi/PathPattern.ts';
import type { AccessTokens } from './accessTokens.ts';
import { apiRoutes, type ApiContext, type BoundApiRoute } from './apiRoutes.ts';
import { htmlNotFound } from './htmlNotFound.ts';
import { invalidAccessToken, missingScopes, rateLimited, serviceUnavailable } from './platformResponses.ts';
import type { Random } from './seededRandom.ts';
import { type ResolvedAccount } from './ResolvedAccount.ts';
import { tokenEndpoint, type TokenEndpointContext } from './tokenEndpoint.ts';

/** Switches for development; the mock reads them on every request, so they can change while it runs. */
export interface MeetingPlatformScenario {
  /** Added to every answer, in real milliseconds, after the answer is decided (the rate limit counts the arrival). */
  latencyMs: number;
  /** Share of requests (0..1) answered 503 with a JSON error, drawn from a seeded generator. */
  errorRate: number;
  /** Answer everything with the HTML page a wrong host or path gets. */
  wrongAddress: boolean;
  /** API requests per second per account before 429; 0 = no limit. */
  rateLimitPerSecond: number;
  /**
   * next_page_tokens that hold "+", "/" and "=", as an opaque token may: a client that does not send one
   * back exactly as received (double-encoded, or not encoded, a "+" read as a space) then fails to get
   * the next page. The real platform's tokens are letters and digits, which hide such a mistake.
   */
  awkwardPageTokens: boolean;
}

export interface MeetingPlatformRouteContext {
  authUrl: string;
  apiBaseUrl: string;
  scenario: MeetingPlatformScenario;
  /** Draws for the injected errors. Read from the context on every request, as `withinLimit` is: a reset replaces both. */
  random: Random;
  /** The apps the token endpoint knows. */
  accounts: readonly ResolvedAccount[];
  tokens: AccessTokens;
  api: ApiContext;
  /** True while the account is within the rate limit (counts the call). */
  withinLimit(accountId: string): boolean;
}

/**
 * The meeting platform as one route table: the account-credentials token endpoint, the current user, the
 * meeting list with next_page_token, and meetings by id or UUID, behind a gateway that decodes paths
 * once; unknown paths on either host get the platform's HTML 404 page. The scenario switches come first,
 * then routing, then the token, scope and rate checks of an API call, then the route's own parse and answer.
 */
export function meetingPlatformRoutes(ctx: MeetingPlatformRouteContext): RouteTable {
  const auth = baseOf(ctx.authUrl);
  const api = baseOf(ctx.apiBaseUrl);
  // Behind the gateway, which decodes paths once (PathPattern's decodeOnce).
  const gateway = { decodeOnce: true };
  const tokenPath = new PathPattern(`${auth.prefix}/oauth/token`, gateway);
  const routes = apiRoutes.map((route) => ({ route, pattern: new PathPattern(api.prefix + route.pattern, gateway) }));
  const { scenario } = ctx;
  const token: TokenEndpointContext = { accounts: ctx.accounts, tokens: ctx.tokens, authUrl: ctx.authUrl, apiBaseUrl: ctx.apiBaseUrl };

  // The paths matched last, and what they matched: a client calls the same path again and again, and
  // decoding and splitting it against each pattern in turn was a quarter of the mock's own work on the
  // list page (an in-process profile). Routing reads the path alone, so the same path routes the same.
  let lastTokenPath: string | undefined;
  let lastApiPath: string | undefined;
  let lastApiMatch: ApiMatch | undefined;
  const isTokenPath = (path: string): boolean => {
    if (path === lastTokenPath) return true;
    if (!tokenPath.match(path)) return false;
    lastTokenPath = path;
    return true;
  };
  const apiMatch = (path: string): ApiMatch | undefined => {
    if (path === lastApiPath) return lastApiMatch;
    let found: ApiMatch | undefined;
    for (const { route: apiRoute, pattern } of routes) {
      const params = pattern.match(path)?.params;
      // Shared by every request for the same path: frozen, so that no route changes another's.
      if (params) {
        found = { apiRoute, params: Object.freeze(params) };
        break;
      }
    }
    lastApiPath = path;
    lastApiMatch = found;
    return found;
  };

  const route = (request: MockRequest): MockReply => {
    if (scenario.wrongAddress) return htmlNotFound();
    if (scenario.errorRate > 0 && ctx.random() < scenario.errorRate) return serviceUnavailable();
    if (request.method === 'POST' && request.origin === auth.origin && isTokenPath(request.path)) return tokenEndpoint(request, token);
    if (request.method !== 'GET' || request.origin !== api.origin) return htmlNotFound();
    const matched = apiMatch(request.path);
    if (matched === undefined) return htmlNotFound();
    const { apiRoute, params } = matched;
    const grant = ctx.tokens.verify(request.headers.authorization);
    if (!grant) return invalidAccessToken();
    if (!apiRoute.scopes.some((s) => grant.account.scopes.includes(s))) return missingScopes(apiRoute.scopes);
    if (!ctx.withinLimit(grant.accountId)) return rateLimited(scenario.rateLimitPerSecond);
    return apiRoute.run(request, params, grant, ctx.api);
  };

  return {
    serves: (origin, path) => isUnder(auth, origin, path) || isUnder(api, origin, path),
    answer: (request) => {
      // Decided on arrival, so a call counts in the rate window it arrived in; the latency delays its
      // answer only, and ends early for a caller that hung up.
      const reply = route(request);
      if (!(scenario.latencyMs > 0)) return reply;
      const gone = new AbortController();
      request.onHangUp(() => gone.abort());
      return sleep(scenario.latencyMs, reply, { signal: gone.signal }).catch(() => reply);
    },
  };
}

/** An API operation a path is for, and the path's parameters (read-only). */
interface ApiMatch {
  apiRoute: BoundApiRoute;
  params: Readonly<Record<string, string>>;
}

/** A base URL split into its origin and the path prefix routes live under ("" for none). */
interface Base {
  origin: string;
  prefix: string;
}

function baseOf(baseUrl: string): Base {
  const url = new URL(baseUrl);
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') };
}

/** Whether a request for `origin` and (raw) `path` is addressed to the host of `base`, under its prefix. */
function isUnder(base: Base, origin: string, path: string): boolean {
  return origin === base.origin && (base.prefix === '' || path.startsWith(base.prefix));
}
