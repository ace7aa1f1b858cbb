import { describe, expect, test } from 'vitest';
import { originTable } from '../origin/originTable.ts';
import { RequestLog } from '../origin/RequestLog.ts';
import type { FarmInfo } from '../origin/FarmRoute.ts';
import { classifyDestination } from './classifyDestination.ts';
import { virtualFarm } from './virtualFarm.ts';

const tables = (...farms: FarmInfo[]) => farms.map((farm) => originTable(farm, new RequestLog()));

const kindOf = (url: string, insecure = false): string => {
  try {
    return classifyDestination(new URL(url), tables(virtualFarm), insecure).kind;
  } catch (err) {
    return `refused ${(err as { status: number }).status}`;
  }
};

describe('classifyDestination', () => {
  test.each([
    ['http://127.0.0.1/', 'refused 403'],
    ['http://0x7f000002:81/', 'refused 403'],
    ['http://017700000001/', 'refused 403'],
    ['http://[::ffff:169.254.169.254]/', 'refused 403'],
    ['http://[64:ff9b::a9fe:a9fe]/', 'refused 403'],
    ['http://[2002:a9fe:a9fe::1]/', 'refused 403'],
    ['http://[fe80::1]/', 'refused 403'],
    ['http://[::]/', 'refused 403'],
    ['http://100.64.0.1/', 'refused 403'],
    ['http://LOCALHOST./', 'refused 403'],
    ['http://metadata.google.internal/', 'refused 403'],
    ['http://db.corp.internal/', 'refused 403'],
    ['http://example.com:25/', 'refused 403'],
    ['http://93.184.215.14/', 'public'],
    ['http://[2606:4700::1111]/', 'public'],
    ['http://example.com/', 'public'],
    ['https://status.conform.invalid/429', 'status'],
  ])('%s is %s', (url, kind) => {
    expect(kindOf(url)).toBe(kind);
  });

  test('with allowInsecureSsl a local destination is a 400 saying why', () => {
    expect(kindOf('https://10.0.0.1/', true)).toBe('refused 400');
    expect(kindOf('https://metadata/', true)).toBe('refused 400');
  });

  test("a farm's listeners are recognised by origin, whatever their address", () => {
    const farm = { ...virtualFarm, httpUrl: 'http://127.0.0.1:4000', expiredTlsUrl: 'https://127.0.0.1:4002' };
    expect(classifyDestination(new URL('http://127.0.0.1:4000/small'), tables(farm), false)).toMatchObject({ kind: 'farm', listener: 'http' });
    expect(classifyDestination(new URL('https://127.0.0.1:4002/'), tables(farm), false)).toMatchObject({ kind: 'farm', listener: 'expired-tls' });
    expect(() => classifyDestination(new URL('http://127.0.0.1:4001/'), tables(farm), false)).toThrow(expect.objectContaining({ status: 403 }));
  });
});
