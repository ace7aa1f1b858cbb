import { afterEach, expect, test } from 'vitest';
import { limitExchanges, limitsFor } from './exchangeLimits.ts';
import { rateLimitFor } from './rateLimit.ts';
import { defaultRequestBounds } from './requestBounds.ts';
import type { FetchServiceTarget, MeetingPlatformTarget } from '../suite-api/targets.ts';

afterEach(() => limitExchanges({ limits: { bounds: defaultRequestBounds }, 'fetch-service': [], 'meeting-platform': [] }));

test('each target keeps its own limits, by origin; what no target names gets the run\'s', () => {
  const run = { bounds: defaultRequestBounds };
  const prod = { bounds: { ...defaultRequestBounds, headersTimeout: 5 }, rateLimit: 1 };
  const staging = { bounds: { ...defaultRequestBounds, maxBodyMib: 8 }, rateLimit: 0 };
  const fetchTarget: FetchServiceTarget = { label: 'prod', baseUrl: 'https://fetch.example.com/base', apiKeyVar: 'SVC_API_KEY', apiKey: 'k-1234', originUrl: 'http://127.0.0.1:1', fetchTimeoutSeconds: 60, embedded: false, limits: prod };
  const meeting: MeetingPlatformTarget = { label: 'staging', authUrl: 'https://auth.example.com', apiBaseUrl: 'https://api.example.com/v2', credentials: { clientId: 'a', clientSecret: 'b', accountId: 'c' }, embedded: false, limits: staging };
  limitExchanges({ limits: run, 'fetch-service': [fetchTarget], 'meeting-platform': [meeting] });
  expect(limitsFor('https://fetch.example.com/v1/fetch')).toBe(prod);
  expect(limitsFor('https://auth.example.com/oauth/token')).toBe(staging);
  expect(limitsFor('https://api.example.com/v2/users/me')).toBe(staging);
  expect(limitsFor('http://127.0.0.1:1/page')).toBe(run);
  expect(rateLimitFor('https://fetch.example.com/v1/fetch')).toBe(1);
  expect(rateLimitFor('https://api.example.com/v2/users/me')).toBe(Infinity);
  expect(rateLimitFor('https://elsewhere.example.com/')).toBe(10);
});
