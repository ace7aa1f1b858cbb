import { describe, expect, test } from 'vitest';
import { refusalsAlone } from './check.ts';

describe('a pass is a proof: a check that found nothing wrong judged something only if its target served a request of it, or its control passed', () => {
  test('every request refused and no control: not judged, saying how many', () => {
    expect(refusalsAlone({ requests: 21 }, false)).toBe('not judged: the target served none of the 21 requests this check sent, so nothing showed it doing the right thing beside the refusals the check looks for');
    expect(refusalsAlone({ requests: 1, troubles: { '502': 1 } }, false)).toMatch(/^not judged: the target did not serve the one request this check sent/);
  });

  test('a request served, or a control that passed, or no request of its own: judged', () => {
    expect(refusalsAlone({ requests: 21, served: 1 }, false)).toBeUndefined();
    expect(refusalsAlone({ requests: 21 }, true)).toBeUndefined();
    // It judges what others gathered (the spec's responses), or runs a validator command: no HTTP of its own.
    expect(refusalsAlone({ requests: 0 }, false)).toBeUndefined();
  });
});
