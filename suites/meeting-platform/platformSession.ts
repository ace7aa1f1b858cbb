import { CheckBlocked } from '../../src/harness/suite-api/CheckBlocked.ts';
import type { MeetingPlatformTarget } from '../../src/harness/suite-api/targets.ts';
import { currentRedactor } from '../../src/harness/suite-api/currentRedactor.ts';
import { suiteFileMap } from '../../src/harness/suite-api/suiteFileState.ts';
import { field } from '../../src/meeting-platform/exchange.ts';
import { requestToken } from '../../src/meeting-platform/platformRequests.ts';
import { runningFamily } from './checkFamily.ts';
import { walkMeetings, type Walk } from './walkMeetings.ts';

/** Meetings per page for the walk: small, so the demo data spans several pages. */
export const walkPageSize = 10;
/** A real account with many meetings gets a larger page, to keep the walk near this many requests. */
const maxWalkPages = 25;

export interface PlatformSession {
  /** A fresh access token; a CheckBlocked by MP-TOKEN-FLOW, saying why, when there is none. */
  token(): Promise<string>;
  /** One walk of the meeting list shared by the checks of a file (blocked by MP-TOKEN-FLOW without a token). */
  walk(): Promise<Walk>;
  /** A second walk at the same page size, begun once the first has ended: what a client repeating a walk sees. */
  walkAgain(): Promise<Walk>;
  /** Why there is no token, once a check asked for one and got none: what blocked that check. */
  readonly tokenRefused: CheckBlocked | undefined;
}

const sessions = suiteFileMap<string, PlatformSession>();

/**
 * What the checks of one file share per target: the token and the walk are obtained once, lazily, so a
 * check that needs neither stays independent, and a broken token flow blocks each check that needs one
 * (blocked by MP-TOKEN-FLOW, which fails on the same request). The client secret is a secret
 * of the run's Redactor from the start (made from the run's targets), the token from when it comes: no
 * report shows them.
 */
/** Token requests the session sends before a server error stands: the first and two more. */
const tokenAttempts = 3;

export function sessionFor(target: MeetingPlatformTarget): PlatformSession {
  // Each family of checks its own, as when each was a suite file (checkFamily.ts).
  const key = JSON.stringify([target.label, runningFamily() ?? null]);
  let session = sessions.get(key);
  if (session) return session;
  let token: Promise<string> | undefined;
  let walk: Promise<Walk> | undefined;
  let secondWalk: Promise<Walk> | undefined;
  let tokenRefused: CheckBlocked | undefined;
  const refuse = (reason: string) => (tokenRefused = new CheckBlocked('MP-TOKEN-FLOW', `no access token to run this check with: ${reason}`));
  const obtainToken = async () => {
    let x: Awaited<ReturnType<typeof requestToken>>;
    // A server error is tried again, as any client would: on a platform that fails some requests at
    // random, one 503 must not leave every check without a token (MP-TOKEN-FLOW judges its own requests).
    for (let attempt = 1; ; attempt++) {
      try {
        x = await requestToken({ authUrl: target.authUrl, credentials: target.credentials, limits: target.limits });
      } catch (err) {
        throw refuse(`the token request got no answer (${err instanceof Error ? err.message : String(err)})`);
      }
      if (x.status < 500 || attempt === tokenAttempts) break;
    }
    const accessToken = field(x, 'access_token');
    if (x.status !== 200 || typeof accessToken !== 'string' || !accessToken) {
      throw refuse(`${x.method} ${x.url} answered ${x.status} ${x.contentType || '(no content type)'} ${typeof accessToken === 'string' && accessToken ? '' : 'without an access_token'}`.trim());
    }
    currentRedactor().add(accessToken, 'ACCESS_TOKEN');
    return accessToken;
  };
  const obtainWalk = async () => {
    const accessToken = await session!.token();
    const first = await walkMeetings(target, accessToken, walkPageSize);
    const total = first.pages[0]?.totalRecords;
    if (typeof total !== 'number' || total <= walkPageSize * maxWalkPages) return first;
    return walkMeetings(target, accessToken, Math.min(300, Math.ceil(total / maxWalkPages)));
  };
  const obtainSecondWalk = async () => {
    const firstWalk = await session!.walk();
    return walkMeetings(target, await session!.token(), firstWalk.pageSize);
  };
  session = {
    token: () => (token ??= obtainToken()),
    walk: () => (walk ??= obtainWalk()),
    walkAgain: () => (secondWalk ??= obtainSecondWalk()),
    get tokenRefused() {
      return tokenRefused;
    },
  };
  sessions.set(key, session);
  return session;
}
