import type { Meeting, MeetingPlatformSeed, MeetingSeed, User, UserSeed } from '../../../mocks/meeting-platform/seedTypes.ts';
import { isJsonObject } from '../../json/isJsonObject.ts';
import { Anonymizer } from '../Anonymizer.ts';
import { mapStrings } from '../mapStrings.ts';
import type { ObservedExchange } from '../ObservedExchange.ts';
import type { Recorder, RecorderOptions } from '../Recorder.ts';
import { RecordingSecrets } from '../RecordingSecrets.ts';
import { withoutSecretQuery } from '../withoutSecretQuery.ts';

/** At most this many users and meetings are recorded; records of more are counted, not kept. */
export const meetingRecordingLimits = { users: 10_000, meetings: 100_000 } as const;

/** The User fields a recording keeps: every one the spec names (the check below holds the list to it). */
const userFields = [
  'id', 'first_name', 'last_name', 'display_name', 'email', 'type', 'role_name', 'pmi', 'use_pmi', 'personal_meeting_url', 'timezone', 'verified',
  'dept', 'created_at', 'user_created_at', 'last_login_time', 'language', 'status', 'role_id', 'account_id', 'account_number', 'cluster',
] as const satisfies ReadonlyArray<keyof User>;

/**
 * The Meeting fields a recording keeps, and those it never writes: the passcode (`password`), the host's
 * start link (it carries the host's token on the real platform), and `settings`, which a mock's seed does
 * not take (it serves its own). Fields the spec does not name (a deployment's `encrypted_password`,
 * `h323_password`, `pstn_password`) are never written either: only the fields listed here are.
 */
const meetingFields = [
  'uuid', 'id', 'host_id', 'topic', 'type', 'start_time', 'duration', 'timezone', 'agenda', 'created_at', 'join_url', 'host_email', 'status', 'pre_schedule',
] as const satisfies ReadonlyArray<keyof Meeting>;
const droppedMeetingFields = ['password', 'start_url', 'settings'] as const satisfies ReadonlyArray<keyof Meeting>;

// A field the spec adds is a compile error here until it is listed as kept or dropped.
const everyUserField: Exclude<keyof User, (typeof userFields)[number]> extends never ? true : never = true;
const everyMeetingField: Exclude<keyof Meeting, (typeof meetingFields)[number] | (typeof droppedMeetingFields)[number]> extends never ? true : never = true;
void everyUserField;
void everyMeetingField;

/** The e-mail domain of a host user made up for a meeting whose host was never seen (RFC 2606: never real). */
const madeUpDomain = 'recorded.invalid';
/** The account of made-up hosts when no user of any account was seen. */
const unknownAccount = 'recorded-account';

type Fields = Record<string, unknown>;

/**
 * The meeting platform's answers made into a mock's `--data` document (`{users, meetings}`, each record
 * in the platform's response shape, as MeetingPlatformSeed takes it): users seen at GET /v2/users/me or
 * /v2/users/{id}, meetings seen in the pages of GET /v2/users/{id}/meetings and at GET /v2/meetings/{id},
 * merged by uuid (the full record's fields over the list item's, whichever came first). "me" comes
 * first, so a mock serving the file acts for the same user. A meeting whose host was never seen gets a
 * host user made up from what is known (id, the host_email a full record gave or
 * `host-<id>@recorded.invalid`, the account of the users seen) rather than being dropped: the app saw
 * that meeting, and a mock without it would answer 404 where the deployment answered 200.
 */
export function meetingRecorder(options: RecorderOptions): Recorder {
  const prefix = new URL(options.target).pathname.replace(/\/+$/, '');
  const secrets = new RecordingSecrets(options.secrets);
  const users = new Map<string, Fields>();
  const me = new Set<string>();
  const meetings = new Map<string, { listed?: Fields; full?: Fields }>();
  const left = { users: 0, meetings: 0, unusable: 0 };

  const keepUser = (body: unknown, isMe: boolean) => {
    if (!isJsonObject(body) || typeof body.id !== 'string' || !body.id || typeof body.email !== 'string' || typeof body.account_id !== 'string' || !body.account_id) return void left.unusable++;
    if (!users.has(body.id) && users.size >= meetingRecordingLimits.users) return void left.users++;
    users.set(body.id, { ...users.get(body.id), ...pick(body, userFields) });
    if (isMe && me.size < meetingRecordingLimits.users) me.add(body.id);
  };
  const keepMeeting = (body: unknown, as: 'listed' | 'full') => {
    if (!isJsonObject(body) || typeof body.uuid !== 'string' || !body.uuid || typeof body.id !== 'number' || typeof body.host_id !== 'string' || !body.host_id || typeof body.topic !== 'string') return void left.unusable++;
    let entry = meetings.get(body.uuid);
    if (!entry) {
      if (meetings.size >= meetingRecordingLimits.meetings) return void left.meetings++;
      meetings.set(body.uuid, (entry = {}));
    }
    entry[as] = pick(body, meetingFields);
  };

  return {
    observe(exchange) {
      try {
        secrets.learn(exchange);
        const { request, answer } = exchange;
        if (request.method !== 'GET' || answer.status !== 200 || exchange.noAnswer !== undefined || !request.path.startsWith(`${prefix}/v2/`)) return;
        const path = request.path.slice(prefix.length);
        const user = /^\/v2\/users\/([^/]+)(\/meetings)?$/.exec(path);
        const meeting = /^\/v2\/meetings\/[^/]+$/.test(path);
        if (!user && !meeting) return;
        const body = parseJson(answer.body);
        if (meeting) return keepMeeting(body, 'full');
        if (!user![2]) return keepUser(body, user![1] === 'me');
        const items = isJsonObject(body) ? body.meetings : undefined;
        if (!Array.isArray(items)) return void left.unusable++;
        for (const item of items) keepMeeting(item, 'listed');
      } catch {
        // A recording never breaks the relay: what could not be read is not recorded.
        left.unusable++;
      }
    },

    document() {
      const anonymizer = options.anonymize ? new Anonymizer() : undefined;
      // The account the app acts in: "me"'s, else that of the first user seen.
      const account = (users.get([...me][0] ?? '') ?? [...users.values()][0])?.account_id ?? unknownAccount;
      const records: MeetingSeed[] = [];
      const madeUp = new Map<string, UserSeed>();
      for (const { listed, full } of meetings.values()) {
        const m: Fields = { ...listed, ...full };
        if (typeof m.join_url === 'string') m.join_url = withoutSecretQuery(m.join_url);
        // A recurring meeting with no fixed time (type 3) has none; the mock's seed needs one to order its list.
        if (typeof m.start_time !== 'string') m.start_time = typeof m.created_at === 'string' ? m.created_at : new Date(0).toISOString();
        const host = m.host_id as string;
        if (!users.has(host) && !madeUp.has(host)) {
          const email = typeof m.host_email === 'string' && m.host_email.includes('@') ? m.host_email : `host-${host.replace(/[^A-Za-z0-9._-]/g, '-')}@${madeUpDomain}`;
          madeUp.set(host, { id: host, email, account_id: String(account) });
        }
        if (anonymizer) {
          for (const field of ['topic', 'agenda'] as const) if (typeof m[field] === 'string') m[field] = anonymizer.replace(field, m[field]);
          if (typeof m.host_email === 'string') m.host_email = anonymizer.replace('email', m.host_email);
        }
        // The checks above made sure of the fields MeetingSeed requires.
        records.push(m as unknown as MeetingSeed);
      }
      const seen = [...me, ...[...users.keys()].filter((id) => !me.has(id))].map((id) => {
        const u: Fields = { ...users.get(id) };
        if (typeof u.personal_meeting_url === 'string') u.personal_meeting_url = withoutSecretQuery(u.personal_meeting_url);
        if (anonymizer) anonymizeUser(u, anonymizer);
        // keepUser made sure of id, email and account_id.
        return u as unknown as UserSeed;
      });
      const hosts = [...madeUp.values()].map((u) => (anonymizer && !u.email.endsWith(`@${madeUpDomain}`) ? { ...u, email: anonymizer.replace('email', u.email) } : u));
      const document: MeetingPlatformSeed = { users: [...seen, ...hosts], meetings: records };
      return mapStrings(document, (text) => secrets.redact(text));
    },

    summary() {
      const hosts = new Set([...meetings.values()].map(({ listed, full }) => (full ?? listed)!.host_id as string));
      const madeUp = [...hosts].filter((h) => !users.has(h)).length;
      const parts = [`${users.size + madeUp} user${users.size + madeUp === 1 ? '' : 's'}${madeUp ? ` (${madeUp} made up as the host of meetings whose host was never seen)` : ''}`, `${meetings.size} meeting${meetings.size === 1 ? '' : 's'}`];
      const past = [left.users ? `${left.users} user records` : '', left.meetings ? `${left.meetings} meeting records` : ''].filter(Boolean);
      if (past.length) parts.push(`past the bounds (${meetingRecordingLimits.users} users, ${meetingRecordingLimits.meetings} meetings), not recorded: ${past.join(', ')}`);
      if (left.unusable) parts.push(`${left.unusable} answer${left.unusable === 1 ? '' : 's'} not in the platform's shape skipped`);
      return parts.join(', ');
    },
  };
}

function anonymizeUser(u: Fields, anonymizer: Anonymizer): void {
  const first = typeof u.first_name === 'string' ? u.first_name : undefined;
  const last = typeof u.last_name === 'string' ? u.last_name : undefined;
  const derived = typeof u.display_name === 'string' && u.display_name === `${first ?? ''} ${last ?? ''}`.trim();
  if (first !== undefined) u.first_name = anonymizer.replace('first_name', first);
  if (last !== undefined) u.last_name = anonymizer.replace('last_name', last);
  // A display name made of the first and last names is made of their replacements, as the platform would show it.
  if (derived) u.display_name = `${u.first_name ?? ''} ${u.last_name ?? ''}`.trim();
  else if (typeof u.display_name === 'string') u.display_name = anonymizer.replace('display_name', u.display_name);
  if (typeof u.email === 'string') u.email = anonymizer.replace('email', u.email);
}

function pick(body: Fields, fields: readonly string[]): Fields {
  const out: Fields = {};
  for (const f of fields) if (body[f] !== undefined) out[f] = body[f];
  return out;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
