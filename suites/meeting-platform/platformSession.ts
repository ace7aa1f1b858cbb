import type { MeetingPlatformTarget } from '../../src/harness/targets.ts';
import { registerSecret } from '../../src/harness/redact.ts';
import { field, summarize } from '../../src/meeting-platform/exchange.ts';
import { credentialEnv } from '../../src/meeting-platform/meetingCredentials.ts';
import { requestToken } from '../../src/meeting-platform/platformRequests.ts';
import { walkMeetings, type Walk } from './walkMeetings.ts';

/** Meetings per page for the walk: small, so the demo data spans several pages. */
export const walkPageSize = 10;
/** A real account with many meetings gets a larger page, to keep the walk near this many requests. */
const maxWalkPages = 25;

export interface PlatformSession {
  /** A fresh access token, or an error that says why there is none. */
  token(): Promise<string>;
  /** One walk of the meeting list shared by the checks of a file. */
  walk(): Promise<Walk>;
}

const sessions = new Map<string, PlatformSession>();

/**
 * What the checks of one file share per target: the token and the walk are obtained once, lazily, so a
 * check that needs neither stays independent and a broken token flow fails each check that needs one.
 * The client secret and the token are secrets from the start: no report shows them.
 */
export function sessionFor(target: MeetingPlatformTarget): PlatformSession {
  let session = sessions.get(target.label);
  if (session) return session;
  registerSecret(target.credentials.clientSecret, credentialEnv.clientSecret);
  let token: Promise<string> | undefined;
  let walk: Promise<Walk> | undefined;
  const obtainToken = async () => {
    const x = await requestToken({ authUrl: target.authUrl, credentials: target.credentials });
    const accessToken = field(x, 'access_token');
    if (x.status !== 200 || typeof accessToken !== 'string' || !accessToken) {
      throw new Error(`no access token to run this check with (MP-TOKEN-FLOW fails): ${summarize(x)}`);
    }
    registerSecret(accessToken, 'ACCESS_TOKEN');
    return accessToken;
  };
  const obtainWalk = async () => {
    const accessToken = await session!.token();
    const first = await walkMeetings(target.apiBaseUrl, accessToken, walkPageSize);
    const total = first.pages[0]?.totalRecords;
    if (typeof total !== 'number' || total <= walkPageSize * maxWalkPages) return first;
    return walkMeetings(target.apiBaseUrl, accessToken, Math.min(300, Math.ceil(total / maxWalkPages)));
  };
  session = {
    token: () => (token ??= obtainToken()),
    walk: () => (walk ??= obtainWalk()),
  };
  sessions.set(target.label, session);
  return session;
}
