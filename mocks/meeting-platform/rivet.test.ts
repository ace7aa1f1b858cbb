// The platform's own Node SDK (@zoom/rivet, a dev dependency here) against the mock's msw handlers, at the
// real platform's addresses it is built for: its token handling, its calls and its pagination, with the
// UUIDs encoded by the caller as its docs ask, are judged clean by the mock.
import { MeetingsS2SAuthClient } from '@zoom/rivet/meetings';
import { UsersS2SAuthClient } from '@zoom/rivet/users';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { expectCleanClient } from '../../src/client/expectCleanClient.ts';
import { createMeetingPlatformMock } from './createMeetingPlatformMock.ts';

const mock = createMeetingPlatformMock();
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

/** Rivet's token store, shared by its two clients as an app shares one token. */
function sharedTokenStore() {
  let latest: unknown;
  return { getLatestToken: () => latest, storeToken: (token: unknown) => void (latest = token) };
}

test('Rivet, used as its documentation shows, is judged clean', async () => {
  const { clientId, clientSecret, accountId } = mock.accounts[0]!;
  const options = { clientId, clientSecret, accountId, disableReceiver: true as const, tokenStore: sharedTokenStore() };
  const users = new UsersS2SAuthClient(options as ConstructorParameters<typeof UsersS2SAuthClient>[0]);
  const meetings = new MeetingsS2SAuthClient(options as ConstructorParameters<typeof MeetingsS2SAuthClient>[0]);

  const me = await users.endpoints.users.getUser({ path: { userId: 'me' } });
  expect(me.statusCode).toBe(200);
  let next: string | undefined;
  let listed = 0;
  do {
    const page = await meetings.endpoints.meetings.listMeetings({ path: { userId: 'me' }, query: { page_size: 10, ...(next ? { next_page_token: next } : {}) } });
    for (const m of page.data?.meetings ?? []) {
      listed++;
      const uuid = m.uuid!;
      // Rivet puts the identifier in the path as given: the caller encodes it, twice for "/…" and "//".
      const meetingId = uuid.startsWith('/') || uuid.includes('//') ? encodeURIComponent(encodeURIComponent(uuid)) : encodeURIComponent(uuid);
      // Its types say a number (the numeric id); the API takes the UUID in the same place.
      expect((await meetings.endpoints.meetings.getMeeting({ path: { meetingId: meetingId as unknown as number } })).statusCode).toBe(200);
    }
    next = page.data?.next_page_token || undefined;
  } while (next);
  expect(listed).toBeGreaterThan(30);

  const report = expectCleanClient(mock);
  expect(report.checks.filter((c) => c.status === 'passed').map((c) => c.clause)).toEqual(
    expect.arrayContaining(['MP-CLIENT-TOKEN-BASIC', 'MP-CLIENT-TOKEN-FORM', 'MP-CLIENT-BEARER', 'MP-CLIENT-TOKEN-REUSE', 'MP-CLIENT-ID-ENCODING', 'MP-CLIENT-PAGE-TOKEN', 'MP-CLIENT-PAGE-WALK']),
  );
});
