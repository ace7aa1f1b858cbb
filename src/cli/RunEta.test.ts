import { describe, expect, test } from 'vitest';
import { roughDuration, RunEta } from './RunEta.ts';

describe('RunEta', () => {
  test('says the checks are being collected until a file is', () => {
    let now = 0;
    const eta = new RunEta(() => now);
    now = 4_000;
    expect(eta.text()).toBe('4 s in, the checks being collected');
  });

  test('estimates the total from the collected files, and the time left from the checks judged', () => {
    let now = 0;
    const eta = new RunEta(() => now);
    eta.plan({ files: 4, filesCollected: 1, checksCollected: 10 });
    expect(eta.text()).toBe('0 of about 40 checks judged, 1 s in, estimating the time left');
    now = 20_000;
    for (let i = 0; i < 10; i++) eta.checkDone();
    // 10 checks in 20 s, 30 left: 60 s more.
    expect(eta.text()).toBe('10 of about 40 checks judged, about 1 min left');
    eta.plan({ files: 4, filesCollected: 4, checksCollected: 30 });
    expect(eta.text()).toBe('10 of 30 checks judged, about 40 s left');
  });

  test('never counts fewer checks than it has seen judged, and says when it is finishing', () => {
    let now = 0;
    const eta = new RunEta(() => now);
    eta.plan({ files: 1, filesCollected: 1, checksCollected: 2 });
    now = 5_000;
    for (let i = 0; i < 3; i++) eta.checkDone();
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
