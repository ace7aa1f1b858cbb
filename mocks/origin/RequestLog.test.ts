import { describe, expect, test } from 'vitest';
import { RequestLog, type FarmRequest } from './RequestLog.ts';

const entry = (path: string, probe: string | null): FarmRequest => ({
  method: 'GET',
  path,
  headers: {},
  time: new Date(0).toISOString(),
  listener: 'http',
  probe,
  remoteAddress: '127.0.0.1',
});

describe('RequestLog', () => {
  test('lists every request in arrival order, or those with one probe', () => {
    const log = new RequestLog();
    log.record(entry('/a?probe=p1', 'p1'));
    log.record(entry('/b', null));
    log.record(entry('/c?probe=p1', 'p1'));
    expect(log.requests().map((r) => r.path)).toEqual(['/a?probe=p1', '/b', '/c?probe=p1']);
    expect(log.requests('p1').map((r) => r.path)).toEqual(['/a?probe=p1', '/c?probe=p1']);
    expect(log.seen('p1')).toBe(true);
    expect(log.seen('p2')).toBe(false);
  });

  test('keeps at most the newest `max` entries', () => {
    const log = new RequestLog(10);
    for (let i = 0; i < 37; i++) log.record(entry(`/${i}`, String(i)));
    expect(log.requests().map((r) => r.path)).toEqual(Array.from({ length: 10 }, (_, i) => `/${27 + i}`));
    expect(log.seen('26')).toBe(false);
    expect(log.seen('36')).toBe(true);
  });
});
