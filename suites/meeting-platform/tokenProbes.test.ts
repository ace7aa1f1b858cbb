// The cause a token check gives a refusal that did not come is chosen from the answer: a token or a
// success read the mislabelled body as a form; a server error did not say how it read it.
import { expect, test } from 'vitest';
import type { Exchange } from '../../src/meeting-platform/exchange.ts';
import { mislabelledProblem, refusalProblem } from './tokenProbes.ts';

function answer(status: number, body: unknown): Exchange {
  const bodyText = JSON.stringify(body);
  return { method: 'POST', url: 'http://127.0.0.1:9/oauth/token', status, contentType: 'application/json', headers: new Headers(), bodyText, json: body, isJson: true, isHtml: false, durationMs: 1, requestHeaders: {}, generated: false };
}

test('a form labelled JSON that got a token was read as a form; one that got a 503 is a server error, nothing more', () => {
  expect(mislabelledProblem(answer(200, { access_token: 'tok-123456', token_type: 'bearer' }))).toEqual({ problem: '200 application/json with an access token', cause: 'issued an access token: the mislabelled body was read as a form' });
  expect(mislabelledProblem(answer(503, { code: 503, message: 'Service temporarily unavailable.' }))).toEqual({ problem: '503 application/json', cause: 'a server error, not a refusal' });
  expect(mislabelledProblem(answer(400, { error: 'invalid_request' }))).toEqual({});
  expect(refusalProblem(answer(503, { code: 503 })).cause).toBe('a server error, not a refusal');
});
