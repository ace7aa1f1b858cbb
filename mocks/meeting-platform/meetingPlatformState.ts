import { factory, primaryKey } from '@mswjs/data';
// The database instance behind the model API is not re-exported from the package root; it holds the
// primary-key maps (O(1) lookups) and the change events the derived indexes below listen to.
import { DATABASE_INSTANCE, type Entity } from '@mswjs/data/lib/glossary.js';
import type { MeetingPlatformSeed, MeetingSeed, UserSeed } from './seedTypes.ts';

const dictionary = {
  user: {
    id: primaryKey(String),
    email: String,
    first_name: String,
    last_name: String,
    display_name: String,
    type: Number,
    role_name: String,
    role_id: String,
    pmi: Number,
    use_pmi: Boolean,
    personal_meeting_url: String,
    timezone: String,
    verified: Number,
    dept: String,
    created_at: String,
    user_created_at: String,
    last_login_time: String,
    language: String,
    status: String,
    account_id: String,
    account_number: Number,
    cluster: String,
  },
  meeting: {
    uuid: primaryKey(String),
    id: Number,
    host_id: String,
    topic: String,
    type: Number,
    status: String,
    start_time: String,
    duration: Number,
    timezone: String,
    agenda: String,
    created_at: String,
    join_url: String,
    password: String,
  },
};

type Dictionary = typeof dictionary;
export type MeetingPlatformDb = ReturnType<typeof factory<Dictionary>>;
export type UserRow = Entity<Dictionary, 'user'>;
export type MeetingRow = Entity<Dictionary, 'meeting'>;

/**
 * The mock's state in @mswjs/data (users and meetings: the seed, which traffic never adds to; tokens are
 * signed, not stored), with the lookups the routes need.
 * Lookups by primary key read the database's own maps; the per-host meeting lists and the id index are
 * derived, rebuilt after any change to meetings, so tests may add meetings through `db` directly.
 */
export interface MeetingPlatformState {
  db: MeetingPlatformDb;
  user(idOrEmail: string): UserRow | undefined;
  /** The host's meetings in list order: start time, then id. */
  meetingsOf(hostId: string): readonly MeetingRow[];
  meetingById(id: number): MeetingRow | undefined;
  meetingByUuid(uuid: string): MeetingRow | undefined;
}

export interface StateOptions {
  seed: MeetingPlatformSeed;
  /** Origin of join links, e.g. https://meeting-platform.example. */
  joinUrlBase: string;
}

export function createMeetingPlatformState({ seed, joinUrlBase }: StateOptions): MeetingPlatformState {
  const db = factory(dictionary);
  const database = db[DATABASE_INSTANCE];
  for (const user of seed.users) db.user.create(userRow(user, joinUrlBase));
  for (const meeting of seed.meetings) db.meeting.create(meetingRow(meeting, joinUrlBase));

  let byHost: Map<string, MeetingRow[]> | undefined;
  let byId: Map<number, MeetingRow> | undefined;
  const invalidate = (_source: string, model: PropertyKey) => {
    if (model === 'meeting') byHost = byId = undefined;
  };
  database.events.on('create', invalidate);
  database.events.on('update', invalidate);
  database.events.on('delete', invalidate);

  const rebuild = () => {
    byHost = new Map();
    byId = new Map();
    for (const m of database.getModel('meeting').values() as Iterable<MeetingRow>) {
      let list = byHost.get(m.host_id);
      if (!list) byHost.set(m.host_id, (list = []));
      list.push(m);
      byId.set(m.id, m);
    }
    for (const list of byHost.values()) list.sort(listOrder);
    return { byHost, byId };
  };

  return {
    db,
    user(idOrEmail) {
      const byKey = database.getModel('user').get(idOrEmail) as UserRow | undefined;
      if (byKey || !idOrEmail.includes('@')) return byKey;
      const email = idOrEmail.toLowerCase();
      for (const u of database.getModel('user').values() as Iterable<UserRow>) {
        if (u.email.toLowerCase() === email) return u;
      }
      return undefined;
    },
    meetingsOf(hostId) {
      return (byHost ?? rebuild().byHost).get(hostId) ?? [];
    },
    meetingById(id) {
      return (byId ?? rebuild().byId).get(id);
    },
    meetingByUuid(uuid) {
      return database.getModel('meeting').get(uuid) as MeetingRow | undefined;
    },
  };
}

function listOrder(a: MeetingRow, b: MeetingRow): number {
  return a.start_time < b.start_time ? -1 : a.start_time > b.start_time ? 1 : a.id - b.id;
}

function userRow(u: UserSeed, joinUrlBase: string) {
  const first = u.first_name ?? '';
  const last = u.last_name ?? '';
  const pmi = u.pmi ?? 0;
  const created = u.created_at ?? '2020-01-01T00:00:00Z';
  return {
    id: u.id,
    email: u.email,
    first_name: first,
    last_name: last,
    display_name: u.display_name ?? `${first} ${last}`.trim(),
    type: u.type ?? 1,
    role_name: u.role_name ?? 'Member',
    role_id: u.role_id ?? '2',
    pmi,
    use_pmi: u.use_pmi ?? false,
    personal_meeting_url: u.personal_meeting_url ?? `${joinUrlBase}/j/${pmi}`,
    timezone: u.timezone ?? 'UTC',
    verified: u.verified ?? 1,
    dept: u.dept ?? '',
    created_at: created,
    user_created_at: u.user_created_at ?? created,
    last_login_time: u.last_login_time ?? created,
    language: u.language ?? 'en-US',
    status: u.status ?? 'active',
    account_id: u.account_id,
    account_number: u.account_number ?? 0,
    cluster: u.cluster ?? 'us05',
  };
}

function meetingRow(m: MeetingSeed, joinUrlBase: string) {
  const password = m.password ?? '';
  const pwd = password ? `?pwd=${Buffer.from(`${m.id}:${password}`).toString('base64url')}` : '';
  return {
    uuid: m.uuid,
    id: m.id,
    host_id: m.host_id,
    topic: m.topic,
    type: m.type ?? 2,
    status: m.status ?? 'waiting',
    start_time: m.start_time,
    duration: m.duration ?? 60,
    timezone: m.timezone ?? 'UTC',
    agenda: m.agenda ?? '',
    created_at: m.created_at ?? m.start_time,
    join_url: m.join_url ?? `${joinUrlBase}/j/${m.id}${pwd}`,
    password,
  };
}
