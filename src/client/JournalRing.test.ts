import { describe, expect, it } from 'vitest';
import type { JournalEntry } from './JournalEntry.ts';
import { JournalRing } from './JournalRing.ts';

const request: JournalEntry['request'] = { method: 'GET', url: 'http://127.0.0.1:9/x', headers: [] };
const answer: JournalEntry['answer'] = { status: 200, excerpt: '{}' };
const entry = (id: number, cut = false): JournalEntry => ({ id, receivedAt: 1_700_000_000_000 + id, answeredAt: 1_700_000_000_500 + id, request: { ...request, url: `${request.url}?${id}` }, answer: { ...answer, status: 200 + id }, ...(cut ? { bodyCut: true as const } : {}) });

describe('JournalRing', () => {
  it('keeps the newest entries, oldest first, field for field', () => {
    const ring = new JournalRing(3);
    expect(ring.entries()).toEqual([]);
    ring.add(entry(1));
    ring.add(entry(2, true));
    expect(ring.entries()).toEqual([entry(1), entry(2, true)]);
    for (const id of [3, 4, 5]) ring.add(entry(id));
    expect(ring.entries()).toEqual([entry(3), entry(4), entry(5)]);
    ring.add(entry(6, true));
    expect(ring.entries()).toEqual([entry(4), entry(5), entry(6, true)]);
  });

  it('says bodyCut only of an entry whose body was cut', () => {
    const ring = new JournalRing(2);
    ring.add(entry(1, true));
    ring.add(entry(2));
    ring.add(entry(3));
    expect(ring.entries().map((e) => 'bodyCut' in e)).toEqual([false, false]);
  });

  it('shows the request and answer it was given, by reference', () => {
    const ring = new JournalRing(2);
    const kept = entry(1);
    ring.add(kept);
    const [shown] = ring.entries();
    expect(shown!.request).toBe(kept.request);
    expect(shown!.answer).toBe(kept.answer);
  });

  it('of size 0 keeps nothing', () => {
    const ring = new JournalRing(0);
    ring.add(entry(1));
    expect(ring.entries()).toEqual([]);
  });
});
