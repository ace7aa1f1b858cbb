import { needsDoubleEncoding } from '../../src/meeting-platform/core/encodeMeetingId.ts';
import { demoSeed } from './demoSeed.ts';

/**
 * What the demo data of an account holds, a line each, as `conform mock meeting-platform --help` shows
 * it: its users and meetings, whose list "me" gets, and the UUIDs that need encoding with care.
 */
export function describeDemoData(accountId: string, nowMs: number = Date.now()): string[] {
  const seed = demoSeed([{ accountId }], nowMs);
  const [owner, colleague] = seed.users;
  const owned = seed.meetings.filter((m) => m.host_id === owner?.id);
  const double = owned.filter((m) => needsDoubleEncoding(m.uuid)).map((m) => m.uuid);
  const slashOrPlus = owned.filter((m) => !needsDoubleEncoding(m.uuid) && /[/+]/.test(m.uuid)).length;
  return [
    `data: ${seed.users.length} users, ${seed.meetings.length} meetings (start times relative to now)`,
    `  "me" is ${owner?.email} with ${owned.length} meetings (default page_size 30, max 300)`,
    `  ${colleague?.email} hosts ${seed.meetings.length - owned.length} more, fetchable by id within the account`,
    `  UUIDs found only when percent-encoded twice (they start with "/" or contain "//"): ${double.join('  ')}`,
    `  ${slashOrPlus} more UUIDs hold a lone "/" or "+": percent-encode them once`,
  ];
}
