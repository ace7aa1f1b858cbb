import type { components } from '../../src/generated/meeting-platform.ts';
import type { AccessTokens } from './accessTokens.ts';
import { json, tokenError } from './platformResponses.ts';
import type { MeetingAccount } from './seedTypes.ts';

type TokenResponse = components['schemas']['TokenResponse'];

export interface TokenEndpointContext {
  accounts: readonly ResolvedAccount[];
  tokens: AccessTokens;
  authUrl: string;
  apiBaseUrl: string;
}

/** An account with the user its tokens act for settled. */
export type ResolvedAccount = MeetingAccount & { userId: string; scopes: string[] };

/**
 * POST {auth}/oauth/token, the account-credentials grant. Checks run in the platform's order: client
 * credentials, then the grant type, then the account; each failure answers at once with `{reason, error}`.
 */
export async function tokenEndpoint(request: Request, ctx: TokenEndpointContext): Promise<Response> {
  const fields = await requestFields(request);
  const client = clientCredentials(request.headers.get('authorization'), fields);
  const account = client && ctx.accounts.find((a) => a.clientId === client.id && a.clientSecret === client.secret);
  if (!account) return tokenError('invalid_client', 'Invalid client_id or client_secret');

  const grantType = fields.get('grant_type');
  if (!grantType) return tokenError('invalid_request', 'Missing grant type');
  if (grantType !== 'account_credentials') return tokenError('unsupported_grant_type', 'unsupported grant type');

  const accountId = fields.get('account_id');
  if (!accountId) return tokenError('invalid_request', 'Missing account_id');
  if (accountId !== account.accountId) return tokenError('invalid_request', 'Invalid account_id');

  const scope = account.scopes.join(' ');
  const { token, expiresIn } = ctx.tokens.issue({ clientId: account.clientId, accountId, userId: account.userId, scope, issuer: ctx.authUrl });
  const body: TokenResponse = { access_token: token, token_type: 'bearer', expires_in: expiresIn, scope, api_url: ctx.apiBaseUrl };
  return json(body, 200, { 'cache-control': 'no-store' });
}

/** Query-string fields, overridden by form-body fields: the platform accepts both. */
async function requestFields(request: Request): Promise<URLSearchParams> {
  const fields = new URLSearchParams(new URL(request.url).search);
  const type = request.headers.get('content-type') ?? '';
  if (/^application\/x-www-form-urlencoded\b/i.test(type)) {
    for (const [name, value] of new URLSearchParams(await request.text())) fields.set(name, value);
  }
  return fields;
}

/** HTTP Basic credentials, or client_id/client_secret fields where a client sends them that way. */
function clientCredentials(authorization: string | null, fields: URLSearchParams): { id: string; secret: string } | undefined {
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
