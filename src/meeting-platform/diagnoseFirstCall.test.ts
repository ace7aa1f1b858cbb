import { describe, expect, test } from 'vitest';
import { diagnoseApi, diagnoseMeetingFetch, diagnoseToken } from './diagnoseFirstCall.ts';
import type { Exchange } from './exchange.ts';

const authUrl = 'https://auth.example.com';
const apiBaseUrl = 'https://api.example.com';

/** An answer as exchange() reads it. */
function answer(status: number, body: unknown, contentType = 'application/json'): Exchange {
  const bodyText = typeof body === 'string' ? body : JSON.stringify(body);
  const isJson = contentType.includes('json') && typeof body !== 'string';
  return {
    method: 'GET',
    url: `${apiBaseUrl}/v2/users/me`,
    status,
    contentType,
    headers: new Headers({ 'content-type': contentType }),
    bodyText,
    json: isJson ? body : undefined,
    isJson,
    isHtml: contentType.startsWith('text/html'),
    durationMs: 5,
    requestHeaders: {},
    generated: false,
  };
}

describe('first-call diagnoses: each chosen by the evidence it cites, one cause each', () => {
  test('token: a wrong address, by an HTML page or a redirect; not by a JSON refusal', () => {
    expect(diagnoseToken(answer(200, '<html>login</html>', 'text/html'), authUrl)).toMatch(/HTML page instead of JSON: a wrong address or flow/);
    expect(diagnoseToken(answer(302, ''), authUrl)).toMatch(/HTTP 302 instead of JSON: a wrong address/);
    expect(diagnoseToken(answer(400, { reason: 'Invalid client_id or client_secret', error: 'invalid_client' }), authUrl)).not.toMatch(/wrong address/);
  });

  test('token: invalid_client is the id or secret; another error is not', () => {
    expect(diagnoseToken(answer(400, { reason: 'Invalid client_id or client_secret', error: 'invalid_client' }), authUrl)).toMatch(/^invalid_client: the client ID or client secret is wrong/);
    expect(diagnoseToken(answer(400, { reason: 'unsupported grant type', error: 'unsupported_grant_type' }), authUrl)).toMatch(/^unsupported_grant_type/);
  });

  test('token: invalid_request is the account only when it says so', () => {
    expect(diagnoseToken(answer(400, { reason: 'Missing account_id', error: 'invalid_request' }), authUrl)).toMatch(/the account ID is missing or is not this app's account/);
    expect(diagnoseToken(answer(400, { reason: 'Malformed body', error: 'invalid_request' }), authUrl)).not.toMatch(/account ID/);
  });

  test('token: a limit, by 429 or its words; a daily one told apart', () => {
    expect(diagnoseToken(answer(429, { reason: 'Too many requests', error: 'rate_limited' }), authUrl)).toMatch(/^The token request was rate limited \(HTTP 429\)/);
    expect(diagnoseToken(answer(400, { reason: 'Daily quota exceeded', error: 'limit' }), authUrl)).toMatch(/daily limit/);
    expect(diagnoseToken(answer(400, { reason: 'Invalid client_id or client_secret', error: 'invalid_client' }), authUrl)).not.toMatch(/limit/);
  });

  test('token: 200 without an access_token names the fields it had; a 500 is the platform\'s side', () => {
    expect(diagnoseToken(answer(200, {}), authUrl)).toMatch(/200 with JSON but no access_token \(no fields\)/);
    expect(diagnoseToken(answer(200, { token: 'x', expires: 1 }), authUrl)).toMatch(/fields: token, expires/);
    expect(diagnoseToken(answer(503, { error: 'x' }), authUrl)).toMatch(/failed on its side/);
    expect(diagnoseToken(answer(503, { error: 'x' }), authUrl)).not.toMatch(/access_token/);
  });

  test('API: a fresh token refused at once is not its expiry; an old one is expired only when the answer says so', () => {
    const invalid = answer(401, { code: 124, message: 'Invalid access token.' });
    expect(diagnoseApi(invalid, apiBaseUrl, undefined, true)).toMatch(/refused at once.*so it has not expired/);
    expect(diagnoseApi(invalid, apiBaseUrl)).toMatch(/^The token was refused \(HTTP 401, code 124: "Invalid access token\."\): the API does not take it as sent/);
    expect(diagnoseApi(invalid, apiBaseUrl)).not.toMatch(/expire/);
    const expired = answer(401, { code: 124, message: 'Access token is expired.' });
    expect(diagnoseApi(expired, apiBaseUrl)).toMatch(/^The token expired \(HTTP 401, code 124/);
  });

  test('API: a missing scope, by code 4711 or its words; not a plain 400', () => {
    expect(diagnoseApi(answer(400, { code: 4711, message: 'Invalid access token, does not contain scopes:[meeting:read].' }), apiBaseUrl)).toMatch(/^The app lacks a scope/);
    expect(diagnoseApi(answer(400, { code: 300, message: 'Validation Failed.' }), apiBaseUrl)).not.toMatch(/scope/);
  });

  test('API: a rate limit per second or per day, by 429 or its words', () => {
    expect(diagnoseApi(answer(429, { code: 429, message: 'You have reached the maximum per-second rate limit for this API. Try again later.' }), apiBaseUrl)).toMatch(/^The call was rate limited \(HTTP 429\)/);
    expect(diagnoseApi(answer(429, { code: 429, message: 'You have reached the maximum daily rate limit for this API.' }), apiBaseUrl)).toMatch(/daily limit/);
    expect(diagnoseApi(answer(404, { code: 1001, message: 'User does not exist: x.' }), apiBaseUrl)).not.toMatch(/limit/);
  });

  test('API: the user of another account, by code 1001; a wrong address by an HTML page', () => {
    expect(diagnoseApi(answer(404, { code: 1001, message: 'User does not exist: x.' }), apiBaseUrl)).toMatch(/user does not exist in this account/);
    expect(diagnoseApi(answer(404, '<html>Not Found</html>', 'text/html'), apiBaseUrl)).toMatch(/HTML page instead of JSON: a wrong address/);
    expect(diagnoseApi(answer(404, { code: 3001, message: 'Meeting does not exist.' }), apiBaseUrl)).not.toMatch(/user does not exist|wrong address/);
  });

  test('a meeting fetch: an identifier mismatch by a JSON 404, a "+" read as a space by the answer quoting it so', () => {
    expect(diagnoseMeetingFetch(answer(404, { code: 3001, message: 'Meeting does not exist: ab12.' }), apiBaseUrl, 'ab12')).toMatch(/identifier type or encoding mismatch/);
    expect(diagnoseMeetingFetch(answer(404, { code: 3001, message: 'Meeting does not exist: a b==.' }), apiBaseUrl, 'a+b==')).toMatch(/"\+" means a space/);
    expect(diagnoseMeetingFetch(answer(404, { code: 3001, message: 'Meeting does not exist: ab12.' }), apiBaseUrl, 'a+b==')).not.toMatch(/means a space/);
  });
});
