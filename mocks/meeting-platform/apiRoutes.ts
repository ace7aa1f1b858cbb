import type { components } from '../../src/generated/meeting-platform.ts';
import type { Clock } from './clock.ts';
import { inListType, parseListQuery, slicePage } from './meetingListPage.ts';
import type { AccessTokenRow, MeetingPlatformState, MeetingRow, UserRow } from './meetingPlatformState.ts';
import type { PageTokens } from './pageTokens.ts';
import { apiError, json, jsonText, meetingNotFound, userNotFound, validationFailed } from './platformResponses.ts';
import type { RouteParams } from './gatewayRoute.ts';

type User = components['schemas']['User'];
type MeetingList = components['schemas']['MeetingList'];
type MeetingListItem = components['schemas']['MeetingListItem'];
type Meeting = components['schemas']['Meeting'];

export interface ApiContext {
  state: MeetingPlatformState;
  clock: Clock;
  pages: PageTokens;
}

/** A route behind token checks: it gets the grant of the token that called it. */
export type ApiRoute = (request: Request, params: RouteParams, grant: AccessTokenRow, ctx: ApiContext) => Response;

/** Scopes that allow each route: the granular scope first, then the classic one it replaced. */
export const routeScopes = {
  user: ['user:read:user:admin', 'user:read:admin'],
  listMeetings: ['meeting:read:list_meetings:admin', 'meeting:read:admin'],
  meeting: ['meeting:read:meeting:admin', 'meeting:read:admin'],
} as const;

/** "me", a user id or an email, within the token's account. */
function resolveUser(userId: string, grant: AccessTokenRow, state: MeetingPlatformState): UserRow | undefined {
  const user = state.user(userId === 'me' ? grant.userId : userId);
  return user && user.account_id === grant.accountId ? user : undefined;
}

/** GET /v2/users/{userId} */
export const getUser: ApiRoute = (_request, params, grant, { state }) => {
  const userId = params.userId ?? '';
  const user = resolveUser(userId, grant, state);
  return user ? json(userBody(user)) : userNotFound(userId);
};

/** GET /v2/users/{userId}/meetings */
export const listMeetings: ApiRoute = (request, params, grant, { state, clock, pages }) => {
  const userId = params.userId ?? '';
  const user = resolveUser(userId, grant, state);
  if (!user) return userNotFound(userId);
  const query = parseListQuery(new URL(request.url).searchParams);
  if (Array.isArray(query)) return validationFailed(query);

  // The token binds to the user and list type it was issued for; page_size may change between pages.
  const scope = `${user.id}\n${query.type}`;
  let offset = 0;
  if (query.nextPageToken) {
    const reading = pages.read(query.nextPageToken, scope);
    if ('problem' in reading) {
      return apiError(400, 300, 'The next page token is invalid or expired.', {
        errors: [{ field: 'next_page_token', message: `The next page token is ${reading.problem}.` }],
      });
    }
    offset = reading.offset;
  }
  const now = clock();
  const all = state.meetingsOf(user.id);
  const matching = query.type === 'scheduled' ? all : all.filter((m) => inListType(m, query.type, now));
  const { page, nextOffset } = slicePage(matching, offset, query.pageSize);
  const head: Omit<MeetingList, 'meetings'> = {
    page_size: query.pageSize,
    total_records: matching.length,
    next_page_token: nextOffset === null ? '' : pages.issue(scope, nextOffset),
  };
  // Spliced from each meeting's cached JSON: serialising the page anew is most of a list request's cost.
  return jsonText(`${JSON.stringify(head).slice(0, -1)},"meetings":[${page.map(listItemJson).join(',')}]}`);
};

// Rows are replaced, never changed in place, when a meeting is updated; a row's JSON lives as long as it.
const listItemJsonCache = new WeakMap<MeetingRow, string>();

function listItemJson(m: MeetingRow): string {
  let text = listItemJsonCache.get(m);
  if (text === undefined) listItemJsonCache.set(m, (text = JSON.stringify(listItem(m))));
  return text;
}

/** GET /v2/meetings/{meetingId}: the numeric id, or a UUID (already decoded by the gateway and route). */
export const getMeeting: ApiRoute = (_request, params, grant, { state }) => {
  const meetingId = params.meetingId ?? '';
  const meeting = /^\d{1,19}$/.test(meetingId) ? state.meetingById(Number(meetingId)) : state.meetingByUuid(meetingId);
  const host = meeting && state.user(meeting.host_id);
  if (!meeting || !host || host.account_id !== grant.accountId) return meetingNotFound(meetingId);
  return json(meetingBody(meeting, host));
};

function userBody(u: UserRow): User {
  const { id, first_name, last_name, display_name, email, type, role_name, pmi, use_pmi, personal_meeting_url, timezone, verified, dept, created_at, user_created_at, last_login_time, language, status, role_id, account_id, account_number, cluster } = u;
  return { id, first_name, last_name, display_name, email, type: type as User['type'], role_name, pmi, use_pmi, personal_meeting_url, timezone, verified: verified as User['verified'], dept, created_at, user_created_at, last_login_time, language, status: status as User['status'], role_id, account_id, account_number, cluster };
}

function listItem(m: MeetingRow): MeetingListItem {
  const item: MeetingListItem = { uuid: m.uuid, id: m.id, host_id: m.host_id, topic: m.topic, type: m.type as MeetingListItem['type'], start_time: m.start_time, duration: m.duration, timezone: m.timezone, created_at: m.created_at, join_url: m.join_url };
  if (m.agenda) item.agenda = m.agenda;
  return item;
}

function meetingBody(m: MeetingRow, host: UserRow): Meeting {
  return {
    ...listItem(m),
    host_email: host.email,
    status: m.status as Meeting['status'],
    password: m.password,
    pre_schedule: false,
    settings: { host_video: false, participant_video: false, join_before_host: false, mute_upon_entry: false, waiting_room: true, auto_recording: 'none' },
  };
}
