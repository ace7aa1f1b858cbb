import { describe, expect, test } from 'vitest';
import type { GeneratedRequest } from './GeneratedRequest.ts';
import { negativeProblem, positiveProblem, serverFault } from './judgeGenerated.ts';
import { loadSpec } from './loadSpec.ts';

const mp = loadSpec('meeting-platform');
const getMeeting = mp.operation('getMeeting');
const list = mp.operation('listMeetings');
const json = { 'content-type': 'application/json' };
const base: GeneratedRequest = { operationId: 'getMeeting', method: 'GET', pathParams: { meetingId: '1' }, rawPathParams: {}, query: [], headers: [], credentials: 'valid' };
const notFound = { status: 404, headers: json, body: '{"code":3001,"message":"Meeting does not exist: 1."}' };

describe('judging generated requests', () => {
  test('the crash clause: a 5xx or no answer, unless excused', () => {
    expect(serverFault(base, { status: 500, headers: json, body: '{}' })).toMatch(/answered 500/);
    expect(serverFault(base, { status: 0, headers: {}, body: '', failure: 'ECONNRESET' })).toBe('no HTTP answer: ECONNRESET');
    expect(serverFault(base, { status: 502, headers: json, body: '{}' }, { serverError: () => true })).toBeUndefined();
    expect(serverFault(base, notFound)).toBeUndefined();
  });

  test('a valid request: documented, conforming, and not refused unless it names a made-up server-issued value', () => {
    expect(positiveProblem(getMeeting, base, notFound)).toBeUndefined();
    const listRequest: GeneratedRequest = { ...base, operationId: 'listMeetings', pathParams: {}, query: [['type', 'live']] };
    const refused = { status: 400, headers: json, body: '{"code":300,"message":"Validation Failed."}' };
    expect(positiveProblem(list, listRequest, refused)).toMatch(/refused with 400/);
    expect(positiveProblem(list, { ...listRequest, query: [['next_page_token', 'made-up']] }, refused, { linkFed: new Set(['next_page_token']) })).toBeUndefined();
    expect(positiveProblem(list, listRequest, { status: 401, headers: json, body: '{"code":124,"message":"Invalid access token."}' })).toMatch(/valid credentials/);
    expect(positiveProblem(getMeeting, base, { status: 404, headers: { 'content-type': 'text/html' }, body: '<html>' })).toMatch(/documented content type/);
    expect(positiveProblem(getMeeting, base, { status: 500, headers: json, body: '{}' })).toBeUndefined();
  });

  test('a mutated request: refused where it must be, documented always; a front server may answer a malformed request line', () => {
    const noToken: GeneratedRequest = { ...base, credentials: 'missing', mutation: { name: 'credentials missing', kind: 'refuse', pointer: '/credentials', detail: 'no credentials sent' } };
    const meeting = { uuid: 'a==', id: 1, host_id: 'h', topic: 't', type: 3, created_at: '2030-01-01T00:00:00Z', join_url: 'https://m.invalid/j/1', host_email: 'h@m.invalid', status: 'waiting' };
    expect(negativeProblem(getMeeting, noToken, { status: 200, headers: json, body: JSON.stringify(meeting) })).toMatch(/accepted \(200\) though it breaks the spec \(credentials missing\)/);
    const open = { ...noToken, mutation: { ...noToken.mutation!, kind: 'open' as const } };
    expect(negativeProblem(getMeeting, open, notFound)).toBeUndefined();
    const html = { status: 400, headers: { 'content-type': 'text/html' }, body: '<html>Bad Request</html>' };
    expect(negativeProblem(getMeeting, open, html)).toMatch(/documented content type/);
    const malformed = { ...open, mutation: { ...open.mutation, name: 'invalid percent-encoding', frontServerMayAnswer: true } };
    expect(negativeProblem(getMeeting, malformed, html)).toBeUndefined();
    expect(negativeProblem(getMeeting, malformed, { status: 200, headers: { 'content-type': 'text/html' }, body: '<html>' })).toMatch(/documented content type/);
  });
});
