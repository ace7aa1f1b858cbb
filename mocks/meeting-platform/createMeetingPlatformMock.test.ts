import { setupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';
import { manualClock } from './clock.ts';
import { createMeetingPlatformMock, realApiBaseUrl, realAuthUrl } from './createMeetingPlatformMock.ts';
import { meetingMockContract } from './fixtures/meetingMockContract.ts';

// The msw adapter: the handlers stand in for the real hosts inside a user's own msw setup, and nothing
// leaves the process. The first mock takes the real platform's addresses; later ones hosts of their own.
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

let started = 0;
meetingMockContract(async ({ prefix = '', ...options }) => {
  const n = started++;
  const [authUrl, apiBaseUrl] = n === 0 ? [realAuthUrl, realApiBaseUrl] : [`https://auth-${n}.test`, `https://api-${n}.test${prefix}`];
  const mock = createMeetingPlatformMock({ ...options, authUrl, apiBaseUrl });
  server.use(...mock.handlers);
  return { authUrl, apiBaseUrl, mock, close: async () => undefined };
}, manualClock());
