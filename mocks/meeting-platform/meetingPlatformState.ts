import { factory, primaryKey } from './mswData.ts';
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
export type UserRow = ReturnType<MeetingPlatformDb['user']['create']>;
export type MeetingRow = ReturnType<MeetingPlatformDb['meeting']['create']>;

/**
 * The mock's state in @mswjs/data (users and meetings: the seed, which traffic never adds to; tokens are
 * signed, not stored), with the lookups the routes need.
 * The lookups read indexes of their own (O(1) by key; @mswjs/data's queries scan every row), built on
 * first use and dropped by any write through `db`'s models, so tests may add meetings through `db`
 * directly. Writes through handlers made by a model's `toHandlers` go round `db` and are not seen.
 */
export interface MeetingPlatformState {
  db: MeetingPlatformDb;
  user(idOrEmail: string): UserRow | undefined;
  /** The host's meetings in list order: start time, then id. */
  meetingsOf(hostId: string): readonly MeetingRow[];
  meetingById(id: number): MeetingRow | undefined;
  meetingByUuid(uuid: string): MeetingRow | undefined;
  /** Users and meetings back to the seed the state was made with: every row written since is gone. */
  reset(): void;
  /** Every user and meeting replaced by `data` (already checked: checkMeetingData). */
  replace(data: MeetingPlatformSeed): void;
  /** The users and meetings as they are, in the data format (`--data FILE`, `GET /__conform/data`). */
  data(): MeetingPlatformSeed;
  /** Adds or replaces the user with this id (already checked). */
  putUser(user: UserSeed): 'created' | 'replaced';
  /** Drops the user and its meetings; false when there is no such user. */
  deleteUser(id: string): boolean;
  /** Adds or replaces the meeting with this uuid (already checked; its host a user). */
  putMeeting(meeting: MeetingSeed): 'created' | 'replaced';
  /** Drops the meeting; false when there is no such meeting. */
  deleteMeeting(uuid: string): boolean;
  /** Adds many meetings at once (already checked), the indexes rebuilt once. */
  addMeetings(meetings: readonly MeetingSeed[]): void;
}

export interface StateOptions {
  seed: MeetingPlatformSeed;
  /** Origin of join links, e.g. https://meeting-platform.example. */
  joinUrlBase: string;
}

interface MeetingIndexes {
  byUuid: Map<string, MeetingRow>;
  byHost: Map<string, MeetingRow[]>;
  byId: Map<number, MeetingRow>;
}

export function createMeetingPlatformState({ seed, joinUrlBase }: StateOptions): MeetingPlatformState {
  const created = factory(dictionary);
  let users: Map<string, UserRow> | undefined;
  let meetings: MeetingIndexes | undefined;
  const db: MeetingPlatformDb = {
    ...created,
    user: watchWrites(created.user, () => (users = undefined)),
    meeting: watchWrites(created.meeting, () => (meetings = undefined)),
  };
  // Bulk writes go to the models under the watch, then drop the indexes once.
  const fill = (data: MeetingPlatformSeed) => {
    for (const user of data.users) created.user.create(userRow(user, joinUrlBase));
    for (const meeting of data.meetings) created.meeting.create(meetingRow(meeting, joinUrlBase));
    users = undefined;
    meetings = undefined;
  };
  const clear = () => {
    db.user.deleteMany({ where: {} });
    db.meeting.deleteMany({ where: {} });
  };
  fill(seed);

  const userIndex = () => (users ??= new Map(db.user.getAll().map((u) => [u.id, u])));
  const meetingIndexes = () => (meetings ??= indexMeetings(db.meeting.getAll()));

  return {
    db,
    user(idOrEmail) {
      const byKey = userIndex().get(idOrEmail);
      if (byKey || !idOrEmail.includes('@')) return byKey;
      const email = idOrEmail.toLowerCase();
      for (const u of userIndex().values()) {
        if (u.email.toLowerCase() === email) return u;
      }
      return undefined;
    },
    meetingsOf(hostId) {
      return meetingIndexes().byHost.get(hostId) ?? [];
    },
    meetingById(id) {
      return meetingIndexes().byId.get(id);
    },
    meetingByUuid(uuid) {
      return meetingIndexes().byUuid.get(uuid);
    },
    reset() {
      // Through the watched models, so the indexes (and the list pages remembered per index) are dropped.
      clear();
      fill(seed);
    },
    replace(data) {
      clear();
      fill(data);
    },
    data() {
      // Rows were made from checked records, so their numbers hold the spec's enums the row types widen.
      return { users: db.user.getAll().map((u) => plain(u) as unknown as UserSeed), meetings: db.meeting.getAll().map((m) => plain(m) as unknown as MeetingSeed) };
    },
    putUser(user) {
      const had = userIndex().has(user.id);
      if (had) db.user.delete({ where: { id: { equals: user.id } } });
      db.user.create(userRow(user, joinUrlBase));
      return had ? 'replaced' : 'created';
    },
    deleteUser(id) {
      if (!userIndex().has(id)) return false;
      db.meeting.deleteMany({ where: { host_id: { equals: id } } });
      db.user.delete({ where: { id: { equals: id } } });
      return true;
    },
    putMeeting(meeting) {
      const had = meetingIndexes().byUuid.has(meeting.uuid);
      if (had) db.meeting.delete({ where: { uuid: { equals: meeting.uuid } } });
      db.meeting.create(meetingRow(meeting, joinUrlBase));
      return had ? 'replaced' : 'created';
    },
    deleteMeeting(uuid) {
      if (!meetingIndexes().byUuid.has(uuid)) return false;
      db.meeting.delete({ where: { uuid: { equals: uuid } } });
      return true;
    },
    addMeetings(list) {
      fill({ users: [], meetings: [...list] });
    },
  };
}

/** The model methods that change what it holds. */
const writers = ['create', 'update', 'updateMany', 'delete', 'deleteMany'] as const;

/**
 * The model with `changed` called after each write (even one that throws: it may have written part).
 * @mswjs/data's public API has no change events, so the writes are watched where callers make them.
 */
function watchWrites<Model extends Record<(typeof writers)[number], (...args: never[]) => unknown>>(model: Model, changed: () => void): Model {
  const watched = { ...model };
  for (const name of writers) {
    const write = model[name] as (...args: unknown[]) => unknown;
    (watched as Record<string, unknown>)[name] = (...args: unknown[]) => {
      try {
        return write(...args);
      } finally {
        changed();
      }
    };
  }
  return watched;
}

/** A row's fields without @mswjs/data's own symbol-keyed marks. */
function plain(row: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row));
}

function indexMeetings(rows: readonly MeetingRow[]): MeetingIndexes {
  const byUuid = new Map<string, MeetingRow>();
  const byHost = new Map<string, MeetingRow[]>();
  const byId = new Map<number, MeetingRow>();
  for (const m of rows) {
    byUuid.set(m.uuid, m);
    let list = byHost.get(m.host_id);
    if (!list) byHost.set(m.host_id, (list = []));
    list.push(m);
    byId.set(m.id, m);
  }
  for (const list of byHost.values()) list.sort(listOrder);
  return { byUuid, byHost, byId };
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
