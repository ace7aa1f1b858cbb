import { afterEach, beforeEach, expect, test } from 'vitest';
import { createLoopbackOnlyDial } from './loopbackOnlyDial.ts';
import { createStubResolver } from './stubResolver.ts';
import { DestinationPolicy } from './DestinationPolicy.ts';
import { OutboundDispatchers } from './OutboundDispatchers.ts';

const saved = { ...process.env };
const base = () => ({ policy: new DestinationPolicy([], createStubResolver().resolve), dial: createLoopbackOnlyDial().dial, timeoutMs: 1_000 });

beforeEach(() => {
  for (const name of ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY']) delete process.env[name];
});
afterEach(() => {
  process.env = { ...saved };
});

test('a proxy is configured by settings or by the standard environment variables', async () => {
  expect(new OutboundDispatchers(base()).proxyConfigured).toBe(false);
  expect(new OutboundDispatchers({ ...base(), proxy: { httpsProxy: 'http://127.0.0.1:3128' } }).proxyConfigured).toBe(true);
  process.env.HTTPS_PROXY = 'http://127.0.0.1:3128';
  expect(new OutboundDispatchers(base()).proxyConfigured).toBe(true);
  expect(new OutboundDispatchers({ ...base(), proxy: { httpProxy: '', httpsProxy: '' } }).proxyConfigured).toBe(false);
});

test('one dispatcher per TLS mode and route, made once; proxies without a proxy route directly', async () => {
  const dispatchers = new OutboundDispatchers(base());
  const verified = dispatchers.get(false, false);
  expect(dispatchers.get(false, false)).toBe(verified);
  expect(dispatchers.get(true, false)).not.toBe(verified);
  expect(dispatchers.get(false, true)).toBe(verified);
  await dispatchers.close();
});
