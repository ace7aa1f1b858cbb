import { describe, expect, test } from 'vitest';
import { originTable } from '../origin/originTable.ts';
import { RequestLog } from '../origin/RequestLog.ts';
import type { FarmInfo } from '../../src/exchange/farmInfo.ts';
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
  test('the reserved status host, then the service\'s destination rule, then names the mock treats as resolving inside', () => {
    expect(kindOf('https://status.conform.invalid/429')).toBe('status');
    // The rule itself is src/fetch-service/core/destinationRule.ts's (tested there): the mock applies it.
    expect([kindOf('http://[64:ff9b::a9fe:a9fe]/'), kindOf('http://example.com:25/')]).toEqual(['refused 403', 'refused 403']);
    expect([kindOf('http://metadata.google.internal/'), kindOf('http://db.corp.internal/'), kindOf('http://instance-data/')]).toEqual(['refused 403', 'refused 403', 'refused 403']);
    expect([kindOf('http://example.com/'), kindOf('http://93.184.215.14/'), kindOf('http://internal.example/')]).toEqual(['public', 'public', 'public']);
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
