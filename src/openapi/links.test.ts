import { describe, expect, test } from 'vitest';
import { followLink, linkFedParameters, linksOf } from './links.ts';
import { loadSpec } from './loadSpec.ts';

const mp = loadSpec('meeting-platform');

describe('links', () => {
  const links = linksOf(mp.operation('listMeetings'));
  const page = { next_page_token: 'T2', meetings: [{ id: 1, uuid: '/a==' }, { id: 2, uuid: 'b+c' }] };

  test('NextPage carries the page token from the answer and page_size and type from the request', () => {
    expect(followLink(links.get('NextPage')!, { requestQuery: { page_size: '7' }, responseBody: page })).toEqual([{ next_page_token: 'T2', page_size: '7' }]);
  });

  test('x-conform-each makes one parameter set per listed meeting', () => {
    expect(followLink(links.get('MeetingById')!, { requestQuery: {}, responseBody: page })).toEqual([{ meetingId: 1 }, { meetingId: 2 }]);
    expect(followLink(links.get('MeetingByUuid')!, { requestQuery: {}, responseBody: page })).toEqual([{ meetingId: '/a==' }, { meetingId: 'b+c' }]);
  });

  test('server-issued parameters: those links fill from an answer, not from the request', () => {
    expect([...linkFedParameters(mp, 'listMeetings')]).toEqual(['next_page_token']);
    expect([...linkFedParameters(mp, 'getMeeting')]).toEqual(['meetingId']);
    expect([...linkFedParameters(mp, 'getCurrentUser')]).toEqual([]);
  });
});
