import { describe, expect, test } from 'vitest';
import { checkExchange } from './checkExchange.ts';
import { loadSpec } from './loadSpec.ts';

const mp = loadSpec('meeting-platform');
const fs = loadSpec('fetch-service');
const json = { 'content-type': 'application/json;charset=UTF-8' };

const meeting = {
  uuid: '/ajXp112QmuoKj4854875==',
  id: 85746065432,
  host_id: 'KDcuGIm1QgePTO8WbOqwIQ',
  topic: 'Weekly sync',
  type: 2,
  start_time: '2030-01-07T15:00:00Z',
  duration: 60,
  timezone: 'America/New_York',
  created_at: '2030-01-01T09:00:00Z',
  join_url: 'https://meeting-platform.example/j/85746065432',
};

describe('checkExchange', () => {
  const list = mp.operation('listMeetings');

  test('a conforming page has no violations, extra fields included', () => {
    const body = { page_size: 30, total_records: 1, next_page_token: '', meetings: [{ ...meeting, extra: { any: 1 } }], page_count: 1 };
    expect(checkExchange(list, { status: 200, headers: json, body: JSON.stringify(body) })).toEqual([]);
  });

  test('names the place, the rule and the value found for each departure', () => {
    const body = { page_size: 301, total_records: '1', next_page_token: '', meetings: [{ ...meeting, start_time: '2030-01-07 15:00' }, { ...meeting, host_id: undefined }] };
    const violations = checkExchange(list, { status: 200, headers: json, body: JSON.stringify(body) });
    expect(violations).toEqual(
      expect.arrayContaining([
        { where: 'body', pointer: '/page_size', rule: 'maximum: 300', message: 'page_size is number 301; the spec says at most 300' },
        { where: 'body', pointer: '/total_records', rule: 'type: integer', message: 'total_records is "1"; the spec says an integer' },
        expect.objectContaining({ pointer: '/meetings/0/start_time', rule: 'format: date-time', message: expect.stringContaining('meetings[0].start_time is "2030-01-07 15:00", which is not a valid date-time') }),
        expect.objectContaining({ pointer: '/meetings/1', rule: 'required: host_id', message: 'meetings[1] lacks the required field "host_id"' }),
      ]),
    );
    expect(violations).toHaveLength(4);
  });

  test('a recurring meeting without a fixed time may lack a start time; others may not', () => {
    const { start_time: _s, duration: _d, timezone: _t, ...timeless } = meeting;
    const page = (m: object) => JSON.stringify({ page_size: 30, total_records: 1, next_page_token: '', meetings: [m] });
    expect(checkExchange(list, { status: 200, headers: json, body: page({ ...timeless, type: 3 }) })).toEqual([]);
    expect(checkExchange(list, { status: 200, headers: json, body: page({ ...timeless, type: 2 }) }).map((v) => v.rule)).toEqual(['required: start_time', 'required: duration', 'required: timezone']);
  });

  test('an undocumented status, an HTML page and a body that is not JSON are violations', () => {
    expect(checkExchange(list, { status: 500, headers: json, body: '{}' })).toEqual([
      { where: 'status', pointer: '', rule: 'documented status', message: 'GET /v2/users/me/meetings answered 500; the spec documents 200, 400, 401, 404, 429' },
    ]);
    expect(checkExchange(list, { status: 404, headers: { 'Content-Type': 'text/html' }, body: '<html>' })[0]).toMatchObject({ where: 'header', pointer: '/content-type', rule: 'documented content type' });
    expect(checkExchange(list, { status: 401, headers: json, body: 'oops' })[0]).toMatchObject({ where: 'body', rule: 'JSON' });
  });

  test('error bodies: the fetch service states the reply status in statusCode, case aside in error', () => {
    const fetch = fs.operation('fetchPage');
    const reply = (status: number, body: object) => checkExchange(fetch, { status, headers: new Headers({ 'content-type': 'application/json' }), body: JSON.stringify(body) });
    expect(reply(415, { statusCode: 415, error: 'unsupported media type', message: 'x' })).toEqual([]);
    expect(reply(415, { statusCode: 400, error: 'Bad Request', message: 'x' }).map((v) => v.rule)).toEqual(['const: 415', expect.stringMatching(/^pattern: /)]);
  });

  test('documented headers are checked when present', () => {
    const fetch = fs.operation('fetchPage');
    const body = JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message: 'wait' });
    expect(checkExchange(fetch, { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '1' }, body })).toEqual([]);
    expect(checkExchange(fetch, { status: 429, headers: { 'content-type': 'application/json', 'retry-after': 'soon' }, body })[0]).toMatchObject({ where: 'header', pointer: '/retry-after' });
  });
});

describe('operationFor', () => {
  test('finds operations by method and the end of the path, base prefixes and encoded ids included', () => {
    expect(mp.operationFor('GET', 'http://127.0.0.1:1/v2/users/me')?.operationId).toBe('getCurrentUser');
    expect(mp.operationFor('GET', 'https://api.example.com/zoom/v2/users/me/meetings?page_size=5')?.operationId).toBe('listMeetings');
    expect(mp.operationFor('GET', '/v2/meetings/%252Fabc%253D%253D')?.operationId).toBe('getMeeting');
    expect(mp.operationFor('POST', '/oauth/token')?.operationId).toBe('requestAccessToken');
    expect(mp.operationFor('DELETE', '/v2/meetings/1')).toBeUndefined();
    expect(fs.operationFor('POST', 'http://127.0.0.1:9/v1/fetch')?.operationId).toBe('fetchPage');
    expect(fs.operationFor('POST', 'http://127.0.0.1:9/v2/fetch')).toBeUndefined();
  });
});
