// A user's own test: the package's meeting-platform mock stands in for the real platform's public
// addresses, in-process through msw; nothing leaves the process.
import { createMeetingPlatformMock, demoAccount } from 'conform-harness/mocks/meeting-platform';
import { meetingMockControl } from 'conform-harness/mock-control';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, test } from 'vitest';

const mock = createMeetingPlatformMock();
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

test('a server-to-server token lists the current user’s meetings', async () => {
  const basic = Buffer.from(`${demoAccount.clientId}:${demoAccount.clientSecret}`).toString('base64');
  const tokenResponse = await fetch(`https://zoom.us/oauth/token?grant_type=account_credentials&account_id=${demoAccount.accountId}`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}` },
  });
  expect(tokenResponse.status).toBe(200);
  const token = (await tokenResponse.json()) as { access_token: string; token_type: string; expires_in: number };
  expect(token.token_type).toBe('bearer');
  expect(token.expires_in).toBeGreaterThan(0);

  const listResponse = await fetch('https://api.zoom.us/v2/users/me/meetings?page_size=2', {
    headers: { authorization: `Bearer ${token.access_token}` },
  });
  expect(listResponse.status).toBe(200);
  const page = (await listResponse.json()) as { page_size: number; next_page_token: string; meetings: Array<{ id: number; join_url: string }> };
  expect(page.page_size).toBe(2);
  expect(page.meetings).toHaveLength(2);
  expect(page.next_page_token).not.toBe('');
  for (const meeting of page.meetings) expect(meeting.join_url).toMatch(/^https:\/\//);
});

test('a wrong secret gets the platform’s invalid_client', async () => {
  const basic = Buffer.from(`${demoAccount.clientId}:not-the-secret`).toString('base64');
  const response = await fetch(`https://zoom.us/oauth/token?grant_type=account_credentials&account_id=${demoAccount.accountId}`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}` },
  });
  expect(response.ok).toBe(false);
  expect(await response.json()).toMatchObject({ error: 'invalid_client' });
});

test('the typed control client drives the mock: the next call of an operation answers 503, then as before', async () => {
  const control = meetingMockControl('https://api.zoom.us');
  const added = await control.POST('/__conform/faults', { body: { operation: 'requestAccessToken', then: { status: 503 } } });
  expect(added.response.status).toBe(201);
  const basic = Buffer.from(`${demoAccount.clientId}:${demoAccount.clientSecret}`).toString('base64');
  const ask = () => fetch(`https://zoom.us/oauth/token?grant_type=account_credentials&account_id=${demoAccount.accountId}`, { method: 'POST', headers: { authorization: `Basic ${basic}` } });
  expect((await ask()).status).toBe(503);
  expect((await ask()).status).toBe(200);
});
