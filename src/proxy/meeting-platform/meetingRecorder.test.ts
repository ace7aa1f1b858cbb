// The meeting recorder fed exchanges as the proxy hands them over: what it keeps, merges and makes up,
// and the near misses of a secret that must not reach the file (a token echoed in a field, a join link's
// passcode, a Basic credential's parts), and of an anonymization (an address in another case).
import { describe, expect, test } from 'vitest';
import type { ObservedExchange } from '../ObservedExchange.ts';
import { meetingRecorder } from './meetingRecorder.ts';

const target = 'https://api.platform.test/api';
const clientId = 'RecordedClientId0001';
const clientSecret = 'recorded-client-secret-0001';
const accessToken = 'mp_at_recorded_access_token_0001';

function exchange(method: string, path: string, status: number, body: unknown, headers: Record<string, string> = {}, requestBody = ''): ObservedExchange {
  const [p, q = ''] = path.split('?') as [string, string?];
  return {
    request: { method, origin: 'https://api.platform.test', path: p, query: q, headers, body: requestBody },
    answer: { status, headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) },
    receivedAt: 0,
    answeredAt: 0,
  };
}

const bearer = { authorization: `Bearer ${accessToken}` };
const me = { id: 'u-me', email: 'Ada.Lovelace@Example.com', first_name: 'Ada', last_name: 'Lovelace', display_name: 'Ada Lovelace', type: 2, status: 'active', account_id: 'acct-1', role_name: 'Owner' };
const listed = { uuid: '/abc//def==', id: 81000000001, host_id: 'u-me', topic: 'Weekly sync', type: 2, start_time: '2030-01-07T15:00:00Z', duration: 60, timezone: 'UTC', created_at: '2030-01-01T00:00:00Z', join_url: 'https://meet.platform.test/j/81000000001?pwd=c2VjcmV0' };
const full = { ...listed, topic: 'Weekly sync (full)', agenda: 'Numbers', host_email: 'ada.lovelace@example.com', status: 'waiting', password: 'p4ssc0de', encrypted_password: 'ZW5jcnlwdGVk', h323_password: '123456', start_url: `https://meet.platform.test/s/81000000001?zak=${accessToken}`, settings: { host_video: true } };
const colleagues = { uuid: 'colleague+uuid==', id: 81000000002, host_id: 'u-colleague', topic: `Token ${accessToken} pasted`, type: 3, created_at: '2030-01-02T00:00:00Z', join_url: 'https://meet.platform.test/j/81000000002', host_email: 'grace@example.com', status: 'waiting' };

/** A session: the token (Basic credentials), me, a list page, the listed meeting in full, and a colleague's meeting by id. */
function session(): ObservedExchange[] {
  const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
  return [
    exchange('POST', '/oauth/token', 200, { access_token: accessToken, token_type: 'bearer', expires_in: 3600 }, { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' }, 'grant_type=account_credentials&account_id=acct-1'),
    exchange('GET', '/api/v2/users/me', 200, me, bearer),
    exchange('GET', '/api/v2/users/me/meetings?page_size=30', 200, { page_size: 30, total_records: 1, next_page_token: '', meetings: [listed] }, bearer),
    exchange('GET', '/api/v2/meetings/%252Fabc%252F%252Fdef%253D%253D', 200, full, bearer),
    exchange('GET', '/api/v2/meetings/81000000002', 200, colleagues, bearer),
    // Not recorded: an error, a path outside the API, a body that is not JSON.
    exchange('GET', '/api/v2/meetings/1', 404, { code: 3001, message: 'Meeting does not exist: 1.' }, bearer),
    exchange('GET', '/v2/users/me', 200, { ...me, id: 'u-elsewhere' }, bearer),
    exchange('GET', '/api/v2/users/u-x', 200, '<html>not json</html>', bearer),
  ];
}

function recorded(anonymize = false) {
  const recorder = meetingRecorder({ target, anonymize });
  for (const x of session()) recorder.observe(x);
  return { recorder, document: recorder.document() as { users: Array<Record<string, unknown>>; meetings: Array<Record<string, unknown>> } };
}

describe('meetingRecorder', () => {
  test('keeps the users and meetings answered, the full record over the list item, "me" first, a host never seen made up', () => {
    const { recorder, document } = recorded();
    expect(document.users.map((u) => u.id)).toEqual(['u-me', 'u-colleague']);
    expect(document.users[0]).toMatchObject({ email: 'Ada.Lovelace@Example.com', account_id: 'acct-1', first_name: 'Ada' });
    // The colleague was never seen: a user made up from what is known, in the account of the users seen.
    expect(document.users[1]).toEqual({ id: 'u-colleague', email: 'grace@example.com', account_id: 'acct-1' });
    expect(document.meetings.map((m) => m.uuid)).toEqual(['/abc//def==', 'colleague+uuid==']);
    expect(document.meetings[0]).toMatchObject({ topic: 'Weekly sync (full)', agenda: 'Numbers', host_email: 'ada.lovelace@example.com', status: 'waiting', duration: 60 });
    // A recurring meeting without a fixed time gets its creation time to be ordered by.
    expect(document.meetings[1]!.start_time).toBe('2030-01-02T00:00:00Z');
    expect(recorder.summary()).toBe('2 users (1 made up as the host of meetings whose host was never seen), 2 meetings, 1 answer not in the platform\'s shape skipped');
  });

  test('the full record first and the list item after: the full record still wins', () => {
    const recorder = meetingRecorder({ target });
    const [, , page, byUuid] = session();
    recorder.observe(byUuid!);
    recorder.observe(page!);
    const { meetings } = recorder.document() as { meetings: Array<Record<string, unknown>> };
    expect(meetings).toHaveLength(1);
    expect(meetings[0]!.topic).toBe('Weekly sync (full)');
  });

  test('no secret reaches the document: passcodes, start links, tokens echoed in a field, the client id and secret', () => {
    const { document } = recorded();
    const text = JSON.stringify(document);
    for (const secret of [clientId, clientSecret, accessToken, 'p4ssc0de', 'c2VjcmV0', 'ZW5jcnlwdGVk', 'pwd=', 'zak=', 'password', 'start_url', 'h323', 'settings']) expect(text).not.toContain(secret);
    expect(document.meetings[0]!.join_url).toBe('https://meet.platform.test/j/81000000001');
    // A token in a field the platform echoed is named by its variable, the field kept.
    expect(document.meetings[1]!.topic).toBe('Token $ACCESS_TOKEN pasted');
  });

  test('a secret the proxy knew from the start, in another case (a near miss), is taken out too', () => {
    const recorder = meetingRecorder({ target, secrets: [['Known-Secret-Value-42', 'MEETING_CLIENT_SECRET']] });
    recorder.observe(exchange('GET', '/api/v2/users/me', 200, { ...me, dept: 'known-secret-value-42' }));
    expect(JSON.stringify(recorder.document())).not.toMatch(/known-secret-value-42/i);
  });

  test('--anonymize: names, addresses (in any case), topics and agendas replaced, the same by the same; ids and the link host kept', () => {
    const { document } = recorded(true);
    const [owner, colleague] = document.users;
    expect(owner).toMatchObject({ id: 'u-me', first_name: 'Given1', last_name: 'Family1', display_name: 'Given1 Family1', email: 'user1@example.invalid', account_id: 'acct-1' });
    // The host's address in another case is the same address: the same replacement.
    expect(document.meetings[0]).toMatchObject({ host_email: 'user1@example.invalid', topic: 'Meeting 1', agenda: 'Agenda 1', id: 81000000001, join_url: 'https://meet.platform.test/j/81000000001' });
    expect(colleague).toEqual({ id: 'u-colleague', email: 'user2@example.invalid', account_id: 'acct-1' });
    expect(document.meetings[1]!.host_email).toBe('user2@example.invalid');
    const text = JSON.stringify(document);
    for (const personal of ['Ada', 'Lovelace', 'ada.lovelace', 'grace', 'Weekly', 'Numbers']) expect(text).not.toContain(personal);
  });

  test('bounded: meetings past the bound are counted, not kept', () => {
    const recorder = meetingRecorder({ target });
    const many = Array.from({ length: 100_001 }, (_, i) => ({ ...listed, uuid: `u${i}`, id: i + 1 }));
    recorder.observe(exchange('GET', '/api/v2/users/me/meetings', 200, { page_size: 300, total_records: many.length, next_page_token: '', meetings: many }));
    expect(recorder.summary()).toMatch(/100000 meetings, past the bounds \(10000 users, 100000 meetings\), not recorded: 1 meeting records/);
  });
});
