import { describe, expect, test } from 'vitest';
import { roughDuration, RunEta } from './RunEta.ts';

const plan = (files: number, filesCollected: number, checksCollected: number, generatedCollected = 0) => ({ files, filesCollected, checksCollected, generatedCollected });

describe('RunEta', () => {
  test('says the checks are being collected until a file is', () => {
    let now = 0;
    const eta = new RunEta(() => now);
    now = 4_000;
    expect(eta.text()).toBe('4 s in, the checks being collected');
  });

  test('estimates the total from the collected files, and waits for two checks before a time left', () => {
    let now = 0;
    const eta = new RunEta(() => now);
    eta.plan(plan(4, 1, 10));
    expect(eta.text()).toBe('0 of about 40 checks judged, 1 s in, estimating the time left');
    now = 2_000;
    eta.checkDone({ clause: 'MP-TOKEN-OK', durationMs: 2_000 });
    expect(eta.text()).toBe('1 of about 40 checks judged, 2 s in, estimating the time left');
  });

  test('the time left: each kind of check left at its mean, over how many ran side by side', () => {
    let now = 0;
    const eta = new RunEta(() => now);
    eta.plan(plan(1, 1, 14, 4));
    // 20 s in: two generated checks of 30 s each and two hand-written ones of 5 s ran, 70 s of checks in 20 s: 3.5 side by side.
    now = 20_000;
    eta.checkDone({ clause: 'MP-FUZZ-NO-5XX', durationMs: 30_000 });
    eta.checkDone({ clause: 'MP-FUZZ-POSITIVE', durationMs: 30_000 });
    eta.checkDone({ clause: 'MP-TOKEN-OK', durationMs: 5_000 });
    eta.checkDone({ clause: 'MP-API-401', durationMs: 5_000 });
    // Left: 2 generated x 30 s + 8 hand-written x 5 s = 100 s of checks, at 3.5 side by side: 29 s.
    expect(eta.text()).toBe('4 of 14 checks judged, about 29 s left');
  });

  test('a kind none of whose checks ended yet is taken at the other kind\'s mean', () => {
    let now = 0;
    const eta = new RunEta(() => now);
    eta.plan(plan(1, 1, 4, 2));
    now = 10_000;
    eta.checkDone({ clause: 'FS-OK', durationMs: 10_000 });
    eta.checkDone({ clause: 'FS-AUTH', durationMs: 10_000 });
    // Two generated checks left at 10 s each, 20 s of checks in 10 s: two side by side.
    expect(eta.text()).toBe('2 of 4 checks judged, about 10 s left');
  });

  test('never counts fewer checks than it has seen judged, and says when it is finishing', () => {
    let now = 0;
    const eta = new RunEta(() => now);
    eta.plan(plan(1, 1, 2));
    now = 5_000;
    for (let i = 0; i < 3; i++) eta.checkDone({ clause: 'FS-OK', durationMs: 100 });
    expect(eta.text()).toBe('3 of 3 checks judged, finishing');
  });
});

describe('roughDuration', () => {
  test.for([
    [400, '1 s'],
    [59_400, '59 s'],
    [60_000, '1 min'],
    [185_000, '3 min 5 s'],
    [3_720_000, '1 h 2 min'],
  ] as const)('%i ms is %s', ([ms, text]) => {
    expect(roughDuration(ms)).toBe(text);
  });
});
