import { describe, expect, test } from 'vitest';
import { needsDoubleEncoding } from '../../src/meeting-platform/core/encodeMeetingId.ts';
import { describeDemoData } from './describeDemoData.ts';
import { demoOwnerMeetings } from './demoSeed.ts';

describe('describeDemoData', () => {
  test("names the owner's meetings and the UUIDs that need encoding twice, the same for the same clock hour", () => {
    const now = Date.UTC(2025, 0, 1, 12);
    const lines = describeDemoData('DemoAccount-1', now);
    expect(lines).toEqual(describeDemoData('DemoAccount-1', now + 60_000));
    expect(lines[0]).toBe(`data: 2 users, ${demoOwnerMeetings + 4} meetings (start times relative to now)`);
    expect(lines[1]).toBe(`  "me" is ada.owner@example.com with ${demoOwnerMeetings} meetings (default page_size 30, max 300)`);
    expect(lines[2]).toBe('  grace.colleague@example.com hosts 4 more, fetchable by id within the account');
    const double = lines[3]!.split(': ')[1]!.split('  ');
    expect(double).toHaveLength(3);
    for (const uuid of double) expect(needsDoubleEncoding(uuid), uuid).toBe(true);
    expect(lines[4]).toMatch(/^ {2}\d+ more UUIDs hold a lone "\/" or "\+": percent-encode them once$/);
  });
});
