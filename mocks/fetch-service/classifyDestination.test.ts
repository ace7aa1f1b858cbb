import { describe, expect, test } from 'vitest';
import { classifyDestination, isPrivateHost } from './classifyDestination.ts';
import { virtualFarm } from './virtualFarm.ts';

describe('classifyDestination', () => {
  test.each([
    ['http://127.0.0.1/', 'private'],
    ['http://0x7f000002:81/', 'private'],
    ['http://017700000001/', 'private'],
    ['http://[::ffff:169.254.169.254]/', 'private'],
    ['http://[fe80::1]/', 'private'],
    ['http://[::]/', 'private'],
    ['http://100.64.0.1/', 'private'],
    ['http://LOCALHOST./', 'private'],
    ['http://93.184.215.14/', 'public'],
    ['http://[2606:4700::1111]/', 'public'],
    ['http://example.com/', 'public'],
    ['https://status.conform.invalid/429', 'status'],
  ])('%s is %s', (url, kind) => {
    expect(classifyDestination(new URL(url), [virtualFarm]).kind).toBe(kind);
  });

  test("a farm's listeners are recognised by origin, whatever their address", () => {
    const farm = { ...virtualFarm, httpUrl: 'http://127.0.0.1:4000', expiredTlsUrl: 'https://127.0.0.1:4002' };
    expect(classifyDestination(new URL('http://127.0.0.1:4000/small'), [farm])).toMatchObject({ kind: 'farm', listener: 'http' });
    expect(classifyDestination(new URL('https://127.0.0.1:4002/'), [farm])).toMatchObject({ kind: 'farm', listener: 'expired-tls' });
    expect(classifyDestination(new URL('http://127.0.0.1:4001/'), [farm]).kind).toBe('private');
  });

  test('IPv6 outside 2000::/3 is not public, even where ipaddr.js calls it unicast', () => {
    expect(isPrivateHost('4000::1')).toBe(true);
    expect(isPrivateHost('2001:4860:4860::8888')).toBe(false);
  });
});
