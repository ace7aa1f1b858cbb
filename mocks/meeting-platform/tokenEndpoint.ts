import type { components } from '../../src/generated/meeting-platform.ts';
import type { ServerAnswer } from '../../src/client/ClientExchange.ts';
import type { MockReply, MockRequest } from '../MockExchange.ts';
import type { AccessTokens } from './accessTokens.ts';
import type { ResolvedAccount } from './ResolvedAccount.ts';
import { jsonHeaders, tokenError } from './platformResponses.ts';

type TokenResponse = components['schemas']['TokenResponse'];

/** A token answer's headers: one object for all (a reply's headers are not changed once made). */
const tokenHeaders = Object.freeze({ ...jsonHeaders, 'cache-control': 'no-store' });

export interface TokenEndpointContext {
  accounts: readonly ResolvedAccount[];
  tokens: AccessTokens;
  authUrl: string;
  apiBaseUrl: string;
}

/** A token request as the platform reads it, before any check. */
export interface TokenRequest {
  client?: { id: string; secret: string };
  grantType?: string;
  accountId?: string;
}

/**
 * The one place a token request is read: HTTP Basic client credentials (or client_id/client_secret
 * fields), and the fields from the query string, overridden by a form body (the platform accepts both).
 */
function parseTokenRequest(request: MockRequest): TokenRequest {
  const { headers, query, body } = request;
  const authorization = headers.authorization;
  const contentType = headers['content-type'];
  // The same request as the one before (a client asking again with the same credentials and form): read
  // the same, without parsing the form and decoding the credentials again.
  const last = lastRead;
  if (last !== undefined && body === last.body && authorization === last.authorization && query === last.query && contentType === last.contentType) return last.read;
  const read = Object.freeze(readTokenRequest(request));
  lastRead = { body, authorization, query, contentType, read };
  return read;
}

// The token request read last, by what its reading depends on.
let lastRead: { body: string; authorization: string | undefined; query: string; contentType: string | undefined; read: TokenRequest } | undefined;

function readTokenRequest(request: MockRequest): TokenRequest {
  const form = /^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '');
  // Most clients send a form and no query: then the form is all the fields.
  const fields = new URLSearchParams(form && !request.query ? request.body : request.query);
  if (form && request.query) for (const [name, value] of new URLSearchParams(request.body)) fields.set(name, value);
  return {
    client: clientCredentials(request.headers.authorization, fields),
    grantType: fields.get('grant_type') || undefined,
    accountId: fields.get('account_id') || undefined,
  };
}

/**
 * POST {auth}/oauth/token, the account-credentials grant. Checks run in the platform's order: client
 * credentials, then the grant type, then the account; each failure answers at once with `{reason, error}`.
 */
export function tokenEndpoint(request: MockRequest, ctx: TokenEndpointContext): MockReply {
  const { client, grantType, accountId } = parseTokenRequest(request);
  const account = client && ctx.accounts.find((a) => a.clientId === client.id && a.clientSecret === client.secret);
  if (!account) return tokenError('invalid_client', 'Invalid client_id or client_secret');

  if (!grantType) return tokenError('invalid_request', 'Missing grant type');
  if (grantType !== 'account_credentials') return tokenError('unsupported_grant_type', 'unsupported grant type');

  if (!accountId) return tokenError('invalid_request', 'Missing account_id');
  if (accountId !== account.accountId) return tokenError('invalid_request', 'Invalid account_id');

  const { token, expiresIn, a, b } = ctx.tokens.issue(account, ctx.authUrl);
  const body: TokenResponse = { access_token: token, token_type: 'bearer', expires_in: expiresIn, scope: account.scopes.join(' '), api_url: ctx.apiBaseUrl };
  // The token answer as a value too: a judge reads the token it hands out from it, not from the text.
  const reply: MockReply & ServerAnswer = { status: 200, headers: tokenHeaders, body: JSON.stringify(body) };
  reply.json = body;
  // And the token with its name, which the judge keeps it under instead of hashing it (TokenNamer).
  reply.minted = { token, a, b };
  return reply;
}

/** HTTP Basic credentials, or client_id/client_secret fields where a client sends them that way. */
function clientCredentials(authorization: string | undefined, fields: URLSearchParams): { id: string; secret: string } | undefined {
  const basic = authorization ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization) : null;
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon < 0 ? undefined : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
  }
  const id = fields.get('client_id');
  const secret = fields.get('client_secret');
  return id && secret ? { id, secret } : undefined;
}
