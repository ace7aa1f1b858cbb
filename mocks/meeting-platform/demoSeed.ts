import { randomBytes, seededRandom, type Random } from './seededRandom.ts';
import type { MeetingPlatformSeed, MeetingSeed, UserSeed } from './seedTypes.ts';

const hour = 3_600_000;
const topics = ['Weekly sync', 'Design review', 'Customer call', 'Retrospective', 'Planning', 'All hands', '1:1'];
const timezones = ['America/New_York', 'Europe/Berlin', 'Asia/Tokyo', 'UTC'];
const durations = [30, 45, 60, 90];

/** How many meetings the demo gives each account's owner: more than one default page (30). */
export const demoOwnerMeetings = 47;
const colleagueMeetings = 4;

/**
 * UUID shapes that trip clients up, set on the first meetings of the first account: the identifier rule
 * says which of them need double encoding (a leading "/" or a "//"), and "+" must survive encoding.
 */
const awkwardUuids: Array<(base: string) => string> = [
  (b) => '/' + b.slice(1),
  (b) => b.slice(0, 6) + '//' + b.slice(8),
  (b) => '//' + b.slice(2),
  (b) => b.slice(0, 3) + '+' + b.slice(4, 9) + '/' + b.slice(10),
  (b) => b.slice(0, 4) + '++' + b.slice(6),
];

/**
 * Demo users and meetings for the given accounts, the same for the same clock reading and seed: an
 * owner with several pages of meetings (the account's "me"), and a colleague whose meetings are not in
 * the owner's list but can be fetched by id within the account.
 */
export function demoSeed(accounts: Array<{ accountId: string }>, nowMs: number, seed = 7): MeetingPlatformSeed {
  const random = seededRandom(seed);
  const usedIds = new Set<number>();
  const users: UserSeed[] = [];
  const meetings: MeetingSeed[] = [];
  const base = Math.floor(nowMs / hour) * hour;
  accounts.forEach(({ accountId }, a) => {
    const owner = demoUser(random, accountId, a, 'owner', base);
    const colleague = demoUser(random, accountId, a, 'colleague', base);
    users.push(owner, colleague);
    for (let i = 0; i < demoOwnerMeetings; i++) {
      const awkward = a === 0 ? awkwardUuids[i] : undefined;
      meetings.push(demoMeeting(random, usedIds, owner.id, i, base, awkward));
    }
    for (let i = 0; i < colleagueMeetings; i++) meetings.push(demoMeeting(random, usedIds, colleague.id, i, base));
  });
  return { users, meetings };
}

function demoUser(random: Random, accountId: string, a: number, role: 'owner' | 'colleague', base: number): UserSeed {
  const [first, last] = role === 'owner' ? ['Ada', 'Owner'] : ['Grace', 'Colleague'];
  const id = randomBytes(random, 16).toString('base64url');
  return {
    id,
    account_id: accountId,
    email: `${first.toLowerCase()}.${last.toLowerCase()}${a || ''}@example.com`,
    first_name: first,
    last_name: last,
    type: 2,
    role_name: role === 'owner' ? 'Owner' : 'Member',
    role_id: role === 'owner' ? '0' : '2',
    pmi: 5_000_000_000 + Math.floor(random() * 999_999_999),
    created_at: iso(base - 400 * 24 * hour),
  };
}

function demoMeeting(random: Random, usedIds: Set<number>, hostId: string, i: number, base: number, awkward?: (b: string) => string): MeetingSeed {
  let id: number;
  do id = 81_000_000_000 + Math.floor(random() * 18_999_999_999);
  while (usedIds.has(id));
  usedIds.add(id);
  const plainUuid = randomBytes(random, 16).toString('base64');
  const start = base + (i - 12) * 26 * hour;
  return {
    uuid: awkward ? awkward(plainUuid) : plainUuid,
    id,
    host_id: hostId,
    topic: `${topics[i % topics.length]} #${i + 1}`,
    type: i % 5 === 4 ? 8 : 2,
    start_time: iso(start),
    duration: durations[i % durations.length],
    timezone: timezones[i % timezones.length],
    created_at: iso(start - 7 * 24 * hour),
    password: randomBytes(random, 6).toString('base64url').slice(0, 8),
  };
}

/** The platform writes times without milliseconds. */
function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
