import type { components } from '../../src/generated/mock-control.ts';

/**
 * The meeting mock's data format: what `--data FILE` holds, PUT /__conform/data takes and
 * `conform proxy --record` writes (specs/mock-control.openapi.yaml, MeetingData): the platform's own
 * User and Meeting records, so a user's typed data file is checked by their compiler before the mock
 * checks it at start.
 */
export type MeetingData = components['schemas']['MeetingData'];
export type UserRecord = components['schemas']['UserRecord'];
export type MeetingRecord = components['schemas']['MeetingRecord'];
