import { expect, test } from 'vitest';
import type { FetchServiceTarget } from '../../src/harness/suite-api/targets.ts';
import { isLocalTarget } from './probeScope.ts';
import { defaultLimits } from '../../src/exchange/exchangeLimits.ts';

const target = (baseUrl: string, embedded = false): FetchServiceTarget => ({ label: 'x', baseUrl, apiKeyVar: 'SVC_API_KEY', apiKey: 'probe-scope-key', originUrl: 'http://127.0.0.1:1', fetchTimeoutSeconds: 60, embedded, limits: defaultLimits });

test('a target is local when embedded or on loopback, whatever the spelling', () => {
  for (const url of ['http://127.0.0.1:8080', 'http://127.1.2.3', 'http://[::1]:80', 'http://localhost:3000', 'http://api.localhost', 'http://[::ffff:127.0.0.1]/']) expect(isLocalTarget(target(url)), url).toBe(true);
  for (const url of ['https://fetch.example.com', 'http://10.0.0.5:8080', 'http://192.168.1.2']) expect(isLocalTarget(target(url)), url).toBe(false);
  expect(isLocalTarget(target('https://fetch.example.com', true))).toBe(true);
});
