import { drop } from '@mswjs/data';
import { describe, expect, test } from 'vitest';
import { createMeetingPlatformState } from './meetingPlatformState.ts';

function setup() {
  return createMeetingPlatformState({
    seed: {
      users: [{ id: 'u1', email: 'U1@example.test', account_id: 'acc' }],
      meetings: [
        { uuid: 'b==', id: 2, host_id: 'u1', topic: 'B', start_time: '2030-01-07T10:00:00Z' },
        { uuid: 'a==', id: 1, host_id: 'u1', topic: 'A', start_time: '2030-01-07T09:00:00Z' },
      ],
    },
    joinUrlBase: 'https://meeting.example',
  });
}

describe('createMeetingPlatformState: lookups follow every write through db', () => {
  test('the seed: by key, by email in any case, by id, by uuid, a host\'s list in start order', () => {
    const state = setup();
    expect(state.user('u1')?.email).toBe('U1@example.test');
    expect(state.user('u1@EXAMPLE.test')?.id).toBe('u1');
    expect(state.user('nobody@example.test')).toBeUndefined();
    expect(state.meetingById(2)?.uuid).toBe('b==');
    expect(state.meetingByUuid('a==')?.id).toBe(1);
    expect(state.meetingsOf('u1').map((m) => m.uuid)).toEqual(['a==', 'b==']);
    expect(state.meetingsOf('u2')).toEqual([]);
  });

  test('an update moves a meeting in its host\'s list and shows in every lookup', () => {
    const state = setup();
    state.meetingsOf('u1');
    state.db.meeting.update({ where: { uuid: { equals: 'a==' } }, data: { start_time: '2030-01-07T11:00:00Z', id: 3 } });
    expect(state.meetingsOf('u1').map((m) => m.uuid)).toEqual(['b==', 'a==']);
    expect(state.meetingById(1)).toBeUndefined();
    expect(state.meetingById(3)?.start_time).toBe('2030-01-07T11:00:00Z');
    expect(state.meetingByUuid('a==')?.id).toBe(3);
  });

  test('a delete, and a drop of the whole database, empty the lookups', () => {
    const state = setup();
    expect(state.meetingByUuid('b==')).toBeDefined();
    state.db.meeting.delete({ where: { uuid: { equals: 'b==' } } });
    expect(state.meetingByUuid('b==')).toBeUndefined();
    expect(state.meetingsOf('u1').map((m) => m.uuid)).toEqual(['a==']);
    drop(state.db);
    expect(state.meetingsOf('u1')).toEqual([]);
    expect(state.user('u1')).toBeUndefined();
  });

  test('a user added through db is found by key and by email', () => {
    const state = setup();
    expect(state.user('u2')).toBeUndefined();
    state.db.user.create({ id: 'u2', email: 'u2@example.test', account_id: 'acc' });
    expect(state.user('u2')?.email).toBe('u2@example.test');
    expect(state.user('u2@example.test')?.id).toBe('u2');
  });
});
