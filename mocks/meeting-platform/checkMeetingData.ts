import { readFileSync } from 'node:fs';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { createAjv } from '../../src/openapi/createAjv.ts';
import { specUrl } from '../../src/openapi/loadSpec.ts';
import type { ControlProblem } from '../control-api/MockControlError.ts';
import type { MeetingPlatformSeed, MeetingSeed, UserSeed } from './seedTypes.ts';

/** The most of each an account's data may hold: what a recording keeps, and what the indexes serve fast. */
export const maxDataUsers = 10_000;
export const maxDataMeetings = 100_000;

/** The data as checked: records in the platform's shape, `account_id` filled in. */
export type CheckedMeetingData = { ok: true; data: MeetingPlatformSeed } | { ok: false; problems: ControlProblem[] };

type Schema = Record<string, unknown>;

interface Validators {
  user: ValidateFunction;
  meeting: ValidateFunction;
}

let validators: Validators | undefined;

/**
 * The spec's User and Meeting (specs/meeting-platform.openapi.yaml), with what the mock needs required
 * in place of what the platform always answers: the mock fills in the rest the way the platform shows it.
 * A field the spec does not name is refused, so a typo is not silently dropped.
 */
function compiled(): Validators {
  if (validators) return validators;
  const doc = parse(readFileSync(specUrl('meeting-platform'), 'utf8')) as { components: { schemas: Record<string, Schema> } };
  const schemas = doc.components.schemas;
  const props = (name: string) => (schemas[name]!.properties ?? {}) as Record<string, Schema>;
  const meetingExtra = ((schemas.Meeting!.allOf as Schema[])[1]!.properties ?? {}) as Record<string, Schema>;
  const ajv = createAjv([]);
  const user = { type: 'object', additionalProperties: false, required: ['id', 'email'], properties: props('User') };
  const meeting = {
    type: 'object',
    additionalProperties: false,
    required: ['uuid', 'id', 'host_id', 'topic', 'start_time'],
    properties: { ...props('MeetingListItem'), ...meetingExtra, settings: schemas.MeetingSettings },
  };
  return (validators = { user: ajv.compile(user), meeting: ajv.compile(meeting) });
}

/**
 * Checks data in the mock's format (`{users, meetings}`, each record the platform's own User or Meeting)
 * for an account: every problem named by its place (`meetings[3].start_time`), the caps enforced, every
 * host a user of the data, ids and uuids unique. Pure: the control API and `--data FILE` both call it.
 */
export function checkMeetingData(value: unknown, accountId: string): CheckedMeetingData {
  const problems: ControlProblem[] = [];
  const fail = (field: string, message: string) => problems.push({ field, message });
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, problems: [{ field: 'body', message: 'must be an object with "users" and "meetings"' }] };
  const { users, meetings, ...rest } = value as Record<string, unknown>;
  for (const key of Object.keys(rest)) fail(key, 'is not a field of the data (only "users" and "meetings")');
  if (!Array.isArray(users)) fail('users', 'must be an array');
  if (!Array.isArray(meetings)) fail('meetings', 'must be an array');
  if (problems.length) return { ok: false, problems };
  const userList = users as unknown[];
  const meetingList = meetings as unknown[];
  if (userList.length > maxDataUsers) fail('users', `holds ${userList.length} users; the mock takes at most ${maxDataUsers} per account`);
  if (meetingList.length > maxDataMeetings) fail('meetings', `holds ${meetingList.length} meetings; the mock takes at most ${maxDataMeetings} per account`);
  if (problems.length) return { ok: false, problems };
  const { user: validUser, meeting: validMeeting } = compiled();
  const outUsers: UserSeed[] = [];
  const userIds = new Set<string>();
  userList.forEach((u, i) => {
    const at = `users[${i}]`;
    const found = recordProblems(validUser, u, at);
    if (found.length) return void problems.push(...found);
    const user = u as UserSeed;
    if (userIds.has(user.id)) return void fail(`${at}.id`, `repeats the id ${JSON.stringify(user.id)} of an earlier user`);
    userIds.add(user.id);
    outUsers.push({ ...user, account_id: user.account_id ?? accountId });
  });
  const outMeetings: MeetingSeed[] = [];
  const uuids = new Set<string>();
  const ids = new Set<number>();
  meetingList.forEach((m, i) => {
    const at = `meetings[${i}]`;
    const found = recordProblems(validMeeting, m, at);
    if (found.length) return void problems.push(...found);
    const meeting = m as MeetingSeed;
    if (uuids.has(meeting.uuid)) return void fail(`${at}.uuid`, `repeats the uuid ${JSON.stringify(meeting.uuid)} of an earlier meeting`);
    if (ids.has(meeting.id)) return void fail(`${at}.id`, `repeats the id ${meeting.id} of an earlier meeting`);
    if (!userIds.has(meeting.host_id)) return void fail(`${at}.host_id`, `names ${JSON.stringify(meeting.host_id)}, which is no user of the data`);
    uuids.add(meeting.uuid);
    ids.add(meeting.id);
    outMeetings.push(meeting);
  });
  return problems.length ? { ok: false, problems } : { ok: true, data: { users: outUsers, meetings: outMeetings } };
}

/** One record's problems against its schema (`validate`), named under `at`. */
export function checkRecord(kind: 'user' | 'meeting', value: unknown, at: string): ControlProblem[] {
  return recordProblems(compiled()[kind], value, at);
}

function recordProblems(validate: ValidateFunction, value: unknown, at: string): ControlProblem[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => ({ field: fieldOf(at, e), message: e.message ?? 'breaks the schema' }));
}

function fieldOf(at: string, e: ErrorObject): string {
  const path = e.instancePath.split('/').slice(1).map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
  const leaf = e.keyword === 'required' ? String(e.params.missingProperty) : e.keyword === 'additionalProperties' ? String(e.params.additionalProperty) : undefined;
  if (leaf !== undefined) path.push(leaf);
  return [at, ...path].filter(Boolean).join('.');
}
