import { randomBytes, type Random } from './seededRandom.ts';
import type { MeetingSeed } from './seedTypes.ts';

const hour = 3_600_000;
const topics = ['Stand-up', 'Sync', 'Review', 'Interview', 'Demo', 'Planning', 'Office hours'];
const durations = [15, 30, 45, 60, 90];

/** The most meetings a generate call adds per user. */
export const maxGeneratedPerUser = 10_000;

export interface GenerateInput {
  /** Meetings per host. */
  count: number;
  hostIds: readonly string[];
  /** The mock's clock: start times are spread a year either side of it, past and future. */
  nowMs: number;
  /** Ids and uuids already held, which the new meetings must not repeat (added to as they are used). */
  usedIds: Set<number>;
  usedUuids: Set<string>;
}

/** `count` meetings for each host, drawn from `random`: the same draws give the same meetings. */
export function generateMeetings(random: Random, input: GenerateInput): MeetingSeed[] {
  const out: MeetingSeed[] = [];
  const base = Math.floor(input.nowMs / hour) * hour;
  for (const hostId of input.hostIds) {
    for (let i = 0; i < input.count; i++) {
      let id: number;
      do id = 81_000_000_000 + Math.floor(random() * 18_999_999_999);
      while (input.usedIds.has(id));
      input.usedIds.add(id);
      let uuid: string;
      do uuid = randomBytes(random, 16).toString('base64');
      while (input.usedUuids.has(uuid));
      input.usedUuids.add(uuid);
      const start = base + Math.floor((random() * 2 - 1) * 365 * 24) * hour;
      const n = Math.floor(random() * topics.length);
      out.push({
        uuid,
        id,
        host_id: hostId,
        topic: `${topics[n]} (generated)`,
        type: 2,
        start_time: iso(start),
        duration: durations[n % durations.length]!,
        timezone: 'UTC',
        created_at: iso(start - 7 * 24 * hour),
      });
    }
  }
  return out;
}

/** The platform writes times without milliseconds. */
function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
