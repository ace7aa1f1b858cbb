import type { components } from '../../src/generated/meeting-platform.ts';
import type { MockReply, MockRequest } from '../MockExchange.ts';
import type { Grant } from './accessTokens.ts';
import type { Clock } from './clock.ts';
import { inListType, parseListQuery, slicePage, type ListQuery } from './meetingListPage.ts';
import type { MeetingPlatformState, MeetingRow, UserRow } from './meetingPlatformState.ts';
import type { PageTokens } from './pageTokens.ts';
import { apiError, json, jsonText, meetingNotFound, userNotFound, validationFailed } from './platformResponses.ts';

type FieldError = components['schemas']['FieldError'];
type User = components['schemas']['User'];
type MeetingList = components['schemas']['MeetingList'];
type MeetingListItem = components['schemas']['MeetingListItem'];
type Meeting = components['schemas']['Meeting'];

export interface ApiContext {
  state: MeetingPlatformState;
  clock: Clock;
  pages: PageTokens;
}

/**
 * One API operation: where it lives, the scopes that allow it, where its request is read and validated
 * (`parse`, the one place: path parameters, query, headers, body in; the operation's input or the field
 * errors out), and its answer from that input, the caller's grant and the state. The token, scope and
 * rate checks run before `parse`, in the platform's order (meetingPlatformRoutes).
 */
export interface ApiRoute<Input> {
  /** Under the API base URL, as PathPattern writes it: `:name` one segment, `:name+` the rest of the path. */
  pattern: string;
  /** The granular scope first, then the classic one it replaced: either allows the call. */
  scopes: readonly string[];
  parse(request: MockRequest, params: Record<string, string>): Input | readonly FieldError[];
  answer(input: Input, grant: Grant, ctx: ApiContext): MockReply;
}

/** Scopes that allow each route: the granular scope first, then the classic one it replaced. */
export const routeScopes = {
  user: ['user:read:user:admin', 'user:read:admin'],
  listMeetings: ['meeting:read:list_meetings:admin', 'meeting:read:admin'],
  meeting: ['meeting:read:meeting:admin', 'meeting:read:admin'],
} as const;

/** "me", a user id or an email, within the token's account. */
function resolveUser(userId: string, grant: Grant, state: MeetingPlatformState): UserRow | undefined {
  const user = state.user(userId === 'me' ? grant.userId : userId);
  return user && user.account_id === grant.accountId ? user : undefined;
}

/** GET /v2/users/{userId} */
export const getUser: ApiRoute<{ userId: string }> = {
  pattern: '/v2/users/:userId',
  scopes: routeScopes.user,
  parse: (_request, params) => ({ userId: params.userId ?? '' }),
  answer({ userId }, grant, { state }) {
    const user = resolveUser(userId, grant, state);
    return user ? json(userBody(user)) : userNotFound(userId);
  },
};

/** GET /v2/users/{userId}/meetings */
export const listMeetings: ApiRoute<ListQuery & { userId: string }> = {
  pattern: '/v2/users/:userId/meetings',
  scopes: routeScopes.listMeetings,
  parse(request, params) {
    const query = parseListQuery(request.query);
    return isFieldErrors(query) ? query : { ...query, userId: params.userId ?? '' };
  },
  answer(query, grant, { state, clock, pages }) {
    const user = resolveUser(query.userId, grant, state);
    if (!user) return userNotFound(query.userId);
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
    // The page tokens in a page are the same all second (pageTokens), so a page asked for again within
    // the second is the same answer; a list type read against the clock is the same only at the same ms.
    const stamp = query.type === 'scheduled' ? Math.floor(now / 1000) : now;
    // The page answered last, asked for again (a polling client): known without building and hashing a key,
    // which was a sixth of the mock's own work on the list page.
    const last = lastPage;
    if (last.all === all && last.stamp === stamp && last.offset === offset && last.pageSize === query.pageSize && last.type === query.type) return last.reply!;
    const key = `${query.type}\n${offset}\n${query.pageSize}\n${stamp}`;
    const reply = rememberedPage(all, key, () => {
      const matching = query.type === 'scheduled' ? all : all.filter((m) => inListType(m, query.type, now));
      const { page, nextOffset } = slicePage(matching, offset, query.pageSize);
      const head: Omit<MeetingList, 'meetings'> = {
        page_size: query.pageSize,
        total_records: matching.length,
        next_page_token: nextOffset === null ? '' : pages.issue(scope, nextOffset),
      };
      // Spliced from each meeting's cached JSON: serialising the page anew is most of a list request's cost.
      let items = '';
      for (let i = 0; i < page.length; i++) items += (i ? ',' : '') + listItemJson(page[i]!);
      return jsonText(`${JSON.stringify(head).slice(0, -1)},"meetings":[${items}]}`);
    });
    lastPage = { all, stamp, offset, pageSize: query.pageSize, type: query.type, reply };
    return reply;
  },
};

/** The page the meeting list answered last, and what it was asked (a list, replaced when meetings change, is its own key). */
let lastPage: { all: readonly MeetingRow[] | undefined; stamp: number; offset: number; pageSize: number; type: string; reply: MockReply | undefined } = { all: undefined, stamp: NaN, offset: NaN, pageSize: NaN, type: '', reply: undefined };

/** Pages answered lately, per host's meeting list: any change to meetings makes a new list, and forgets them. */
const pageReplies = new WeakMap<readonly MeetingRow[], Map<string, MockReply>>();
/** Pages remembered per list: past this the list's memo starts afresh (keys carry the time, so old ones go stale). */
const pageRepliesCap = 64;

/**
 * The reply for `key` made once and handed out again, frozen: a polling or paging client asks for the
 * same page many times a second, and the node:http adapter then sends the bytes it encoded the first time.
 */
function rememberedPage(list: readonly MeetingRow[], key: string, make: () => MockReply): MockReply {
  let replies = pageReplies.get(list);
  if (replies === undefined) pageReplies.set(list, (replies = new Map()));
  let reply = replies.get(key);
  if (reply === undefined) {
    if (replies.size >= pageRepliesCap) replies.clear();
    replies.set(key, (reply = Object.freeze(make())));
  }
  return reply;
}

function isFieldErrors(query: Readonly<ListQuery> | readonly FieldError[]): query is readonly FieldError[] {
  return Array.isArray(query);
}

// Rows are replaced, never changed in place, when a meeting is updated; a row's JSON lives as long as it.
const listItemJsonCache = new WeakMap<MeetingRow, string>();

function listItemJson(m: MeetingRow): string {
  let text = listItemJsonCache.get(m);
  if (text === undefined) listItemJsonCache.set(m, (text = JSON.stringify(listItem(m))));
  return text;
}

/** GET /v2/meetings/{meetingId}: the numeric id, or a UUID (already decoded by the gateway and route). */
export const getMeeting: ApiRoute<{ meetingId: string }> = {
  pattern: '/v2/meetings/:meetingId+',
  scopes: routeScopes.meeting,
  parse: (_request, params) => ({ meetingId: params.meetingId ?? '' }),
  answer({ meetingId }, grant, { state }) {
    const meeting = /^\d{1,19}$/.test(meetingId) ? state.meetingById(Number(meetingId)) : state.meetingByUuid(meetingId);
    const host = meeting && state.user(meeting.host_id);
    if (!meeting || !host || host.account_id !== grant.accountId) return meetingNotFound(meetingId);
    return json(meetingBody(meeting, host));
  },
};

/** An operation ready to match and run: its input parsed, a request that does not parse answered 400 code 300. */
export interface BoundApiRoute {
  pattern: string;
  scopes: readonly string[];
  run(request: MockRequest, params: Record<string, string>, grant: Grant, ctx: ApiContext): MockReply;
}

function bind<Input>(route: ApiRoute<Input>): BoundApiRoute {
  return {
    pattern: route.pattern,
    scopes: route.scopes,
    run(request, params, grant, ctx) {
      const input = route.parse(request, params);
      return Array.isArray(input) ? validationFailed(input as readonly FieldError[]) : route.answer(input as Input, grant, ctx);
    },
  };
}

/** The API's operations, in the order they are matched. */
export const apiRoutes: readonly BoundApiRoute[] = [bind(getUser), bind(listMeetings), bind(getMeeting)];

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
