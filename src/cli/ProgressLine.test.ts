import { describe, expect, it } from 'vitest';
import { ProgressLine } from './ProgressLine.ts';

function terminal(isTTY = true) {
  const written: string[] = [];
  return { isTTY, written, write: (text: string) => written.push(text) };
}

describe('ProgressLine', () => {
  it('stays silent for a short run, then redraws in place at most once per interval', () => {
    let now = 0;
    const stream = terminal();
    const line = new ProgressLine(stream, { delayMs: 1000, intervalMs: 250, now: () => now });
    let asked = 0;
    const text = () => `${String(++asked)} done`;
    line.update(text);
    now = 999;
    line.update(text);
    expect(stream.written).toEqual([]);
    expect(asked).toBe(0);
    now = 1000;
    line.update(text);
    now = 1100;
    line.update(text);
    now = 1250;
    line.update(text);
    expect(stream.written).toEqual(['\r\x1b[K1 done', '\r\x1b[K2 done']);
    line.clear();
    line.clear();
    expect(stream.written.at(-1)).toBe('\r\x1b[K');
    expect(stream.written).toHaveLength(3);
  });

  it('writes nothing at all when the stream is not a terminal', () => {
    let now = 0;
    const stream = terminal(false);
    const line = new ProgressLine(stream, { now: () => now });
    now = 60_000;
    line.update(() => 'x');
    line.clear();
    expect(stream.written).toEqual([]);
  });
});
