// The token answer hands a judge the value its body is the JSON of: the judge reads the token from it,
// so it must be what the body says, or the judge would know another token than the client got.
import { expect, test } from 'vitest';
import { answerJson } from '../../src/client/parseJson.ts';
import type { ServerAnswer } from '../../src/client/ClientExchange.ts';
import type { MockRequest } from '../MockExchange.ts';
import { accessTokens } from './accessTokens.ts';
import { manualClock } from './clock.ts';
import type { ResolvedAccount } from './ResolvedAccount.ts';
import { tokenEndpoint } from './tokenEndpoint.ts';

const account: ResolvedAccount = { clientId: 'cid', clientSecret: 'secret', accountId: 'acc', userId: 'user-1', scopes: ['meeting:read', 'user:read'] };

function tokenRequest(body: string): MockRequest {
  const authorization = `Basic ${Buffer.from('cid:secret').toString('base64')}`;
  return { method: 'POST', origin: 'http://127.0.0.1:1', path: '/oauth/token', query: '', headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' }, body, onHangUp: () => {} };
}

test('a token answer carries the value of its body, and the judge reads that value', () => {
  const ctx = { accounts: [account], tokens: accessTokens(Buffer.alloc(32, 7), [account], manualClock()), authUrl: 'http://127.0.0.1:1', apiBaseUrl: 'http://127.0.0.1:1' };
  const reply: ServerAnswer = tokenEndpoint(tokenRequest('grant_type=account_credentials&account_id=acc'), ctx);
  expect(reply.status).toBe(200);
  expect(reply.json).toEqual(JSON.parse(reply.body));
  expect(answerJson(reply)).toBe(reply.json);
  // A refusal has no value beside its text: the judge parses it.
  const refused: ServerAnswer = tokenEndpoint(tokenRequest('grant_type=account_credentials&account_id=other'), ctx);
  expect(refused.json).toBeUndefined();
  expect(answerJson(refused)).toEqual({ reason: 'Invalid account_id', error: 'invalid_request' });
});

test('each token request is read for itself, whatever came just before: the same request again is granted again, and one that differs only in its form, its query, its credentials or its content type is read anew', () => {
  const ctx = { accounts: [account], tokens: accessTokens(Buffer.alloc(32, 7), [account], manualClock()), authUrl: 'http://127.0.0.1:1', apiBaseUrl: 'http://127.0.0.1:1' };
  const good = tokenRequest('grant_type=account_credentials&account_id=acc');
  const outcome = (request: MockRequest) => {
    const reply = tokenEndpoint(request, ctx);
    return reply.status === 200 ? 200 : `${reply.status} ${(JSON.parse(reply.body) as { reason: string }).reason}`;
  };
  const withHeaders = (headers: Record<string, string>) => ({ ...good, headers: { ...good.headers, ...headers } });
  const steps: Array<[MockRequest, number | string]> = [
    [good, 200],
    [{ ...good }, 200],
    [tokenRequest('grant_type=account_credentials&account_id=other'), '400 Invalid account_id'],
    [good, 200],
    [withHeaders({ authorization: `Basic ${Buffer.from('cid:secret!').toString('base64')}` }), '400 Invalid client_id or client_secret'],
    [good, 200],
    [withHeaders({ 'content-type': 'text/plain' }), '400 Missing grant type'],
    [good, 200],
    // The form overrides the query (the platform reads both): these two differ in their query alone.
    [{ ...tokenRequest('grant_type=account_credentials'), query: 'account_id=acc' }, 200],
    [{ ...tokenRequest('grant_type=account_credentials'), query: 'account_id=other' }, '400 Invalid account_id'],
    [good, 200],
  ];
  expect(steps.map(([request]) => outcome(request))).toEqual(steps.map(([, expected]) => expected));
});
