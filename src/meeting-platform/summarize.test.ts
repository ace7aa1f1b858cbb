import { expect, test } from 'vitest';
import { summarize, type Exchange } from './exchange.ts';

test('a token response is summarized with its access token named, never cut in the middle where no redactor finds it', () => {
  const token = `eyJ${'aB3_-x'.repeat(100)}.sig`;
  const bodyText = JSON.stringify({ access_token: token, token_type: 'bearer', expires_in: 3600 });
  const x: Exchange = { method: 'POST', url: 'http://127.0.0.1:9/oauth/token', status: 200, contentType: 'application/json', headers: new Headers(), bodyText, json: JSON.parse(bodyText), isJson: true, isHtml: false, durationMs: 3, requestHeaders: {}, generated: false };
  const text = summarize(x);
  expect(text).toContain('{"access_token":"$ACCESS_TOKEN","token_type":"bearer","expires_in":3600}');
  for (let i = 0; i + 12 <= token.length; i += 6) expect(text).not.toContain(token.slice(i, i + 12));
});
