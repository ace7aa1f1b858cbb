import type { ClientCase } from '../ClientCase.ts';
import type { MeetingClientState } from './MeetingClientState.ts';
import type { MeetingRead } from './readMeetingExchange.ts';

const diagnosis = 'Send every API call with Authorization: Bearer ACCESS_TOKEN, the access_token of a token response; request a new token before the one held expires (expires_in seconds after it was issued).';

/** The path of MP-CLIENT-BEARER an API operation is on. */
const pathOf = { user: 'user', meetings: 'meetings', meeting: 'meeting' } as const;

/** The bearer token an API call carries, if it carries one. */
export function bearerToken(read: MeetingRead): string | undefined {
  return read.auth && read.auth.scheme.toLowerCase() === 'bearer' && read.auth.credentials ? read.auth.credentials : undefined;
}

/** The passing case of each path, one object for every call that passes (a finding spreads it). */
const passing = {
  user: Object.freeze({ clause: 'MP-CLIENT-BEARER', path: pathOf.user, diagnosis }),
  meetings: Object.freeze({ clause: 'MP-CLIENT-BEARER', path: pathOf.meetings, diagnosis }),
  meeting: Object.freeze({ clause: 'MP-CLIENT-BEARER', path: pathOf.meeting, diagnosis }),
};

/** MP-CLIENT-BEARER: every API call carries Authorization: Bearer with a live token the platform issued. */
export function judgeBearer(read: MeetingRead, state: MeetingClientState): ClientCase | undefined {
  if (read.op !== 'user' && read.op !== 'meetings' && read.op !== 'meeting') return undefined;
  const c = passing[read.op];
  const { auth, x } = read;
  if (!auth) {
    if (read.query.has('access_token')) return { ...c, problem: 'the access token was sent in the query string (access_token=…) and no Authorization header: API calls carry it in Authorization: Bearer', cause: 'the token in the query string' };
    return { ...c, problem: 'the API call carried no Authorization header', cause: 'no Authorization header' };
  }
  const scheme = auth.scheme.toLowerCase();
  if (scheme === 'basic') return { ...c, problem: 'the API call carried the client credentials (Authorization: Basic): API calls carry the access token, Authorization: Bearer ACCESS_TOKEN', cause: 'client credentials instead of the access token' };
  if (scheme !== 'bearer') return { ...c, problem: `Authorization uses the ${auth.scheme} scheme: API calls use Bearer`, cause: 'another scheme than Bearer' };
  const token = bearerToken(read);
  if (!token) return { ...c, problem: 'Authorization: Bearer carried no token', cause: 'an empty bearer token' };
  // Its expiry alone, read in place: the whole record (an object of five numbers) only for a finding.
  const serial = state.tokens.find(token);
  const expiresAt = state.tokens.expiresAt(serial);
  if (expiresAt !== undefined && expiresAt <= x.receivedAt) {
    const ago = Math.round((x.receivedAt - expiresAt) / 1000);
    return { ...c, problem: `the access token (issued by request #${state.tokens.get(serial)!.issuedById}) had expired ${ago} s before this call`, cause: 'an expired access token' };
  }
  if (expiresAt === undefined && x.answer.status === 401) {
    return { ...c, problem: `the platform did not take this access token (401${answerCode(read)}): it is not one the platform issued, or no longer valid`, cause: 'an access token the platform refused' };
  }
  return c;
}

/** " code 124: Invalid access token." from the platform's error body, when it has one. */
export function answerCode(read: MeetingRead): string {
  const body = read.answer as { code?: unknown; message?: unknown } | undefined;
  if (!body || typeof body !== 'object') return '';
  return `${typeof body.code === 'number' ? ` code ${body.code}` : ''}${typeof body.message === 'string' ? `: ${body.message}` : ''}`;
}
