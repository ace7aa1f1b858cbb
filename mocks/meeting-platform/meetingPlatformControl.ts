import type { ClientJudge, ClientReportOptions } from '../../src/client/createClientJudge.ts';
import type { components } from '../../src/generated/mock-control.ts';
import type { RunReport } from '../../src/verdict/RunReport.ts';
import type { AdjustableClock } from './adjustableClock.ts';
import { checkMeetingData, checkRecord, maxDataMeetings, maxDataUsers } from './checkMeetingData.ts';
import { checkControlInput } from './controlProblems.ts';
import { generateMeetings } from './generateMeetings.ts';
import type { MeetingPlatformState } from './meetingPlatformState.ts';
import { MockControlError } from '../control-api/MockControlError.ts';
import type { Random } from './seededRandom.ts';
import type { MeetingPlatformSeed, MeetingSeed, UserSeed } from './seedTypes.ts';
import type { MeetingPlatformScenario } from './meetingPlatformRoutes.ts';
import type { Fault, FaultInput, MockFaults } from './mockFaults.ts';
import type { MeetingOperationId, OperationOf } from './operationOf.ts';

export type ClockState = components['schemas']['ClockState'];
export type ControlState = components['schemas']['ControlState'];
export type ControlJournalEntry = components['schemas']['JournalEntry'];

export interface JournalFilter {
  /** Only calls of this operation of the platform. */
  operation?: MeetingOperationId;
  /** Only requests received at or after this time, on the mock's clock (ms since the epoch, or a Date). */
  since?: number | Date;
}

/**
 * The control API's operations on the in-process handle (`mock.control`), the same as over HTTP under
 * `/__conform/` (specs/mock-control.openapi.yaml). Inputs are checked against that document's schemas:
 * a call that breaks them throws MockControlError naming the field.
 */
export interface MeetingPlatformControl {
  /** Data back to what the mock started with (not the last `data.put`), journal and client report cleared, faults dropped, scenario and clock as the mock started. */
  reset(): ControlState;
  clock: {
    now(): ClockState;
    /** Tokens, page tokens and rate-limit windows expire on this clock. */
    advance(ms: number): ClockState;
    /** Milliseconds since the epoch; the clock runs on from there. */
    set(ms: number): ClockState;
  };
  scenario: {
    get(): MeetingPlatformScenario;
    /** The switches given change; the others keep their values. */
    set(patch: Partial<MeetingPlatformScenario>): MeetingPlatformScenario;
  };
  faults: {
    /** The next `times` (default 1) calls of `operation` answer `then`. */
    add(fault: FaultInput): Fault;
    pending(): Fault[];
    clear(): Fault[];
  };
  /** The requests received (the newest 500), secrets named by their variables, oldest first. */
  journal(filter?: JournalFilter): ControlJournalEntry[];
  clientReport(options?: ClientReportOptions): RunReport;
  /** The users and meetings, in the data format `--data FILE` reads. */
  data: {
    get(): MeetingPlatformSeed;
    /** Replaces every user and meeting (checked whole first: nothing changes when a record is bad). */
    put(data: unknown): DataCounts;
  };
  users: {
    list(): UserSeed[];
    /** Adds or replaces the user `id`; the body's id, when given, must be the same. */
    put(id: string, user: unknown): { status: 'created' | 'replaced'; user: UserSeed };
    /** Drops the user and its meetings; false when there is none. */
    delete(id: string): boolean;
  };
  meetings: {
    /** In list order (start time, then id); one host's, or everyone's. */
    list(hostId?: string): MeetingSeed[];
    /** Adds or replaces the meeting with the body's uuid. */
    put(meeting: unknown): { status: 'created' | 'replaced'; meeting: MeetingSeed };
    /** Drops the meeting; false when there is none. */
    delete(uuid: string): boolean;
    /** `count` meetings more for every user (or `hostId`), drawn from the mock's random seed. */
    generate(input: GenerateInput): { added: number };
  };
}

export type DataCounts = components['schemas']['DataCounts'];
export type GenerateInput = components['schemas']['GenerateRequest'];

export interface ControlParts {
  clock: AdjustableClock;
  /** The live scenario the routes read on every request: changed in place. */
  scenario: MeetingPlatformScenario;
  faults: MockFaults;
  /** The judge of the moment (a reset makes a new one). */
  judge(): ClientJudge;
  operationOf: OperationOf;
  /** Everything else a reset puts back: the data, the judge, the limiter's windows, the error draws. */
  resetRest(): void;
  state: MeetingPlatformState;
  /** The account records without one are given. */
  accountId: string;
  /** The draws generated meetings come from (a reset starts them again). */
  generationDraws(): Random;
}

/** The control handle over a mock's parts: the one implementation the HTTP routes call too. */
export function meetingPlatformControl(parts: ControlParts): MeetingPlatformControl {
  const { clock, scenario, faults, state } = parts;
  const started: MeetingPlatformScenario = { ...scenario };
  const clockState = (): ClockState => {
    const nowMs = clock();
    return { nowMs, now: new Date(nowMs).toISOString(), offsetMs: clock.offsetMs };
  };
  return {
    reset() {
      faults.clear();
      Object.assign(scenario, started);
      clock.reset();
      parts.resetRest();
      return { clock: clockState(), scenario: { ...scenario }, faults: [] };
    },
    clock: {
      now: clockState,
      advance(ms) {
        checkControlInput('moveClock', { advanceMs: ms });
        clock.advance(ms);
        return clockState();
      },
      set(ms) {
        checkControlInput('moveClock', { setMs: ms });
        clock.set(ms);
        return clockState();
      },
    },
    scenario: {
      get: () => ({ ...scenario }),
      set(patch) {
        checkControlInput('patchScenario', patch);
        Object.assign(scenario, patch);
        return { ...scenario };
      },
    },
    faults: {
      add(fault) {
        checkControlInput('addFault', fault);
        return faults.add(fault);
      },
      pending: () => faults.pending(),
      clear: () => faults.clear(),
    },
    journal(filter = {}) {
      const since = filter.since === undefined ? -Infinity : +filter.since;
      const entries: ControlJournalEntry[] = [];
      for (const entry of parts.judge().journal()) {
        if (entry.receivedAt < since) continue;
        const url = URL.parse(entry.request.url);
        const operation = url ? parts.operationOf(entry.request.method, url.origin, url.pathname) : undefined;
        if (filter.operation !== undefined && operation !== filter.operation) continue;
        const { bodyCommand: _, ...request } = entry.request;
        entries.push({ ...entry, request, ...(operation ? { operation } : {}) });
      }
      return entries;
    },
    clientReport: (options) => parts.judge().report(options),
    data: {
      get: () => state.data(),
      put(value) {
        const checked = checkMeetingData(value, parts.accountId);
        if (!checked.ok) throw new MockControlError(checked.problems);
        state.replace(checked.data);
        return { users: checked.data.users.length, meetings: checked.data.meetings.length };
      },
    },
    users: {
      list: () => state.data().users,
      put(id, value) {
        refuse(checkRecord('user', value, 'body'));
        const user = value as UserSeed;
        if (user.id !== id) refuse([{ field: 'id', message: `is ${JSON.stringify(user.id)}, not the path's ${JSON.stringify(id)}` }]);
        if (!state.user(id) && state.db.user.count() >= maxDataUsers) refuse([{ field: 'body', message: `the mock holds ${maxDataUsers} users, the most it takes per account` }]);
        const record = { ...user, account_id: user.account_id ?? parts.accountId };
        return { status: state.putUser(record), user: record };
      },
      delete: (id) => state.deleteUser(id),
    },
    meetings: {
      list(hostId) {
        if (hostId === undefined) return state.data().meetings.sort(listOrder);
        // Rows were made from checked records, so their numbers hold the spec's enums the row types widen.
        return state.meetingsOf(hostId).map((m) => Object.fromEntries(Object.entries(m)) as unknown as MeetingSeed);
      },
      put(value) {
        refuse(checkRecord('meeting', value, 'body'));
        const meeting = value as MeetingSeed;
        if (!state.user(meeting.host_id) || meeting.host_id.includes('@')) refuse([{ field: 'host_id', message: `names ${JSON.stringify(meeting.host_id)}, which is no user of the data` }]);
        const sameId = state.meetingById(meeting.id);
        if (sameId && sameId.uuid !== meeting.uuid) refuse([{ field: 'id', message: `is the id of the meeting ${JSON.stringify(sameId.uuid)}` }]);
        const had = state.meetingByUuid(meeting.uuid);
        if (!had && state.db.meeting.count() >= maxDataMeetings) refuse([{ field: 'body', message: `the mock holds ${maxDataMeetings} meetings, the most it takes per account` }]);
        return { status: state.putMeeting(meeting), meeting };
      },
      delete: (uuid) => state.deleteMeeting(uuid),
      generate(input) {
        checkControlInput('generateMeetings', input);
        const hostIds = input.hostId === undefined ? state.data().users.map((u) => u.id) : [input.hostId];
        if (input.hostId !== undefined && !state.user(input.hostId)) refuse([{ field: 'hostId', message: `names ${JSON.stringify(input.hostId)}, which is no user of the data` }]);
        const held = state.data().meetings;
        const added = input.count * hostIds.length;
        if (held.length + added > maxDataMeetings) refuse([{ field: 'count', message: `would make ${held.length + added} meetings; the mock takes at most ${maxDataMeetings} per account` }]);
        const meetings = generateMeetings(parts.generationDraws(), { count: input.count, hostIds, nowMs: clock(), usedIds: new Set(held.map((m) => m.id)), usedUuids: new Set(held.map((m) => m.uuid)) });
        state.addMeetings(meetings);
        return { added: meetings.length };
      },
    },
  };
}

function refuse(problems: ReturnType<typeof checkRecord>): void {
  if (problems.length) throw new MockControlError(problems);
}

function listOrder(a: MeetingSeed, b: MeetingSeed): number {
  const [x, y] = [a.start_time ?? '', b.start_time ?? ''];
  return x < y ? -1 : x > y ? 1 : a.id - b.id;
}
