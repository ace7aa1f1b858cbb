import { credentialEnv, type MeetingCredentials } from './meetingCredentials.ts';

/**
 * Credentials that are almost right: what a sloppy comparison (by prefix, by suffix, ignoring case,
 * trimmed) or a lenient parser (any scheme word, the token from the query string) lets through. Each
 * comes with its shell form for a report: the value derived from the variables users keep the real ones
 * in ($ACCESS_TOKEN, $MEETING_CLIENT_SECRET), POSIX sh, so that no part of a secret is ever printed and
 * the command sends the same bytes again.
 */

/** Every letter in the other case; the same text when it has no letter. */
export function swapCase(text: string): string {
  return text.replace(/[a-z]+|[A-Z]+/g, (s) => (s === s.toLowerCase() ? s.toUpperCase() : s.toLowerCase()));
}

/** A shell word (for inside double quotes) that prints `variable`'s value with its letters' case swapped. */
const swappedShell = (variable: string) => `$(printf %s "$${variable}" | tr 'A-Za-z' 'a-zA-Z')`;

/** The no-break space (U+00A0): whitespace to a trimming server, though HTTP strips only spaces and tabs around a header's value. */
const noBreakSpace = '\u00a0';

/** The near misses of the bearer token sent to every API operation, in the order they are sent. */
export const bearerNearMissNames = ['client-basic', 'token-longer', 'token-shorter', 'token-first-half', 'token-last-half', 'basic-scheme', 'token-scheme', 'query-parameter', 'no-break-spaces', 'swapped-case'] as const;
export type BearerNearMissName = (typeof bearerNearMissNames)[number];

/** What each near miss is, in a case's label. */
export const bearerNearMissWords: Record<BearerNearMissName, string> = {
  'client-basic': "the app's own client credentials as HTTP Basic in place of the bearer token",
  'token-longer': 'the access token with a character more (a trailing ".")',
  'token-shorter': 'the access token with its last character left out',
  'token-first-half': 'the first half of the access token',
  'token-last-half': 'the last half of the access token',
  'basic-scheme': 'the access token under the Basic scheme',
  'token-scheme': 'the access token under the scheme "Token"',
  'query-parameter': 'the access token in an access_token query parameter, no Authorization header',
  'no-break-spaces': 'the access token wrapped in no-break spaces',
  'swapped-case': "the access token with its letters' case swapped",
};

/**
 * What is wrong with the answer `status` to a near miss of the token, or undefined when it is a refusal:
 * 401, or 400 for the one near miss RFC 6750's syntax makes a malformed header (the no-break spaces).
 * Taken for the token, it names the near miss (each is a fault of its own); any other answer is named by
 * its status alone, the case's label saying which near miss got it.
 */
export function nearMissCause(name: BearerNearMissName, status: number): string | undefined {
  if (status === 401 || (status === 400 && name === 'no-break-spaces')) return undefined;
  return status < 300 ? `answered as if ${bearerNearMissWords[name]} were the token` : `HTTP ${status} instead of 401`;
}

/** One near miss as sent, and as a report shows it (shell words that expand to what was sent). */
export interface NearMissRequest {
  /** The Authorization header as sent; none when absent. */
  authorization?: string;
  /** A query parameter added to the URL. */
  query?: [name: string, value: string];
  /** The Authorization header in shell words, for inside double quotes. */
  shownAuthorization?: string;
  /** The query parameter as shell words, for inside double quotes. */
  shownQuery?: string;
}

/**
 * The near miss `name` of `token`, for the account whose client credentials are `credentials`; undefined
 * when it would be the token itself (the case of a token without letters swapped).
 */
export function bearerNearMiss(name: BearerNearMissName, token: string, credentials: MeetingCredentials): NearMissRequest | undefined {
  const t = '$ACCESS_TOKEN';
  const half = Math.ceil(token.length / 2);
  const bearer = (value: string, shown: string): NearMissRequest => ({ authorization: `Bearer ${value}`, shownAuthorization: `Bearer ${shown}` });
  switch (name) {
    case 'client-basic':
      return ownClientBasic(credentials);
    case 'token-longer':
      return bearer(`${token}.`, `${t}.`);
    case 'token-shorter':
      return bearer(token.slice(0, -1), '${ACCESS_TOKEN%?}');
    case 'token-first-half':
      return bearer(token.slice(0, half), `$(printf %s "${t}" | cut -c1-${half})`);
    case 'token-last-half':
      return bearer(token.slice(token.length - half), `$(printf %s "${t}" | cut -c${token.length - half + 1}-)`);
    case 'basic-scheme':
      return { authorization: `Basic ${token}`, shownAuthorization: `Basic ${t}` };
    case 'token-scheme':
      return { authorization: `Token ${token}`, shownAuthorization: `Token ${t}` };
    case 'query-parameter':
      return { query: ['access_token', token], shownQuery: `access_token=${t}` };
    case 'no-break-spaces':
      return bearer(`${noBreakSpace}${token}${noBreakSpace}`, `$(printf '\\240')${t}$(printf '\\240')`);
    case 'swapped-case': {
      const swapped = swapCase(token);
      return swapped === token ? undefined : bearer(swapped, swappedShell('ACCESS_TOKEN'));
    }
  }
}

/** The near misses of the client id in HTTP Basic, the secret the app's own. */
export const clientIdNearMissNames = ['id-longer', 'id-shorter', 'id-case'] as const;
/** The near misses of the client secret in HTTP Basic, the id the app's own (and the two swapped). */
export const clientSecretNearMissNames = ['secret-longer', 'secret-shorter', 'secret-line-break', 'id-secret-swapped'] as const;
/** The near misses of the client's own authentication on a token request. */
export const clientNearMissNames = [...clientSecretNearMissNames, ...clientIdNearMissNames] as const;
export type ClientNearMissName = (typeof clientNearMissNames)[number];

export const clientNearMissWords: Record<ClientNearMissName, string> = {
  'secret-longer': 'the client secret with a character more (a trailing ".")',
  'secret-shorter': 'the client secret with its last character left out',
  'secret-line-break': 'the client secret with a line break after it (echo without -n)',
  'id-secret-swapped': 'the client id and secret swapped',
  'id-longer': 'the client id with a character more (a trailing ".")',
  'id-shorter': 'the client id with its last character left out',
  'id-case': "the client id with its letters' case swapped",
};

/** HTTP Basic as sent, and as shell words (for inside double quotes) that print it: printf's `format` over the `words`. */
function basic(user: string, password: string, format: string, words: string[]): { authorization: string; shownAuthorization: string } {
  return {
    authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
    shownAuthorization: `Basic $(printf '${format}' ${words.map((w) => `"${w}"`).join(' ')} | base64 | tr -d '\\n')`,
  };
}

const id = `$${credentialEnv.clientId}`;
const secret = `$${credentialEnv.clientSecret}`;

/** The app's own client authentication (HTTP Basic of client id and secret), as sent and in shell words. */
export function ownClientBasic(credentials: MeetingCredentials): { authorization: string; shownAuthorization: string } {
  return basic(credentials.clientId, credentials.clientSecret, '%s:%s', [id, secret]);
}

/** HTTP Basic for a near miss of the client's credentials, as sent and in shell words; undefined when it would be the app's own (an id without letters in another case). */
export function clientNearMiss(name: ClientNearMissName, credentials: MeetingCredentials): { authorization: string; shownAuthorization: string } | undefined {
  const { clientId, clientSecret } = credentials;
  switch (name) {
    case 'secret-longer':
      return basic(clientId, `${clientSecret}.`, '%s:%s.', [id, secret]);
    case 'secret-shorter':
      return basic(clientId, clientSecret.slice(0, -1), '%s:%s', [id, `\${${credentialEnv.clientSecret}%?}`]);
    case 'secret-line-break':
      return basic(clientId, `${clientSecret}\n`, '%s:%s\\n', [id, secret]);
    case 'id-secret-swapped':
      return basic(clientSecret, clientId, '%s:%s', [secret, id]);
    case 'id-longer':
      return basic(`${clientId}.`, clientSecret, '%s.:%s', [id, secret]);
    case 'id-shorter':
      return basic(clientId.slice(0, -1), clientSecret, '%s:%s', [`\${${credentialEnv.clientId}%?}`, secret]);
    case 'id-case': {
      const swapped = swapCase(clientId);
      return swapped === clientId ? undefined : basic(swapped, clientSecret, '%s:%s', [swappedShell(credentialEnv.clientId), secret]);
    }
  }
}

/**
 * The near misses of grant_type, the one value the seed gives it: what a comparison by prefix, ignoring
 * case or after trimming lets through. Not secret: sent and shown as they are.
 */
export const grantTypeNearMissNames = ['grant-type-longer', 'grant-type-shorter', 'grant-type-case', 'grant-type-spaces'] as const;
export type GrantTypeNearMissName = (typeof grantTypeNearMissNames)[number];

export const grantTypeNearMissWords: Record<GrantTypeNearMissName, string> = {
  'grant-type-longer': 'grant_type=account_credentials with a character more (account_credentials.)',
  'grant-type-shorter': 'grant_type=account_credentials with its last character left out (account_credential)',
  'grant-type-case': 'grant_type in capitals (ACCOUNT_CREDENTIALS)',
  'grant-type-spaces': 'grant_type=account_credentials wrapped in spaces',
};

/** The grant_type a near miss sends in place of `grantType`. */
export function grantTypeNearMiss(name: GrantTypeNearMissName, grantType = 'account_credentials'): string {
  if (name === 'grant-type-longer') return `${grantType}.`;
  if (name === 'grant-type-shorter') return grantType.slice(0, -1);
  if (name === 'grant-type-case') return swapCase(grantType);
  return ` ${grantType} `;
}

/** The near misses of account_id on a token request: the account's own id, almost. */
export const accountNearMissNames = ['account-spaces', 'account-line-break', 'account-case'] as const;
export type AccountNearMissName = (typeof accountNearMissNames)[number];

export const accountNearMissWords: Record<AccountNearMissName, string> = {
  'account-spaces': 'account_id wrapped in spaces',
  'account-line-break': 'account_id with a line break after it',
  'account-case': "account_id with its letters' case swapped",
};

/** account_id for a near miss, as sent and as shell words (inside double quotes) that give the form-encoded value; undefined when it would be the id itself. */
export function accountNearMiss(name: AccountNearMissName, accountId: string): { value: string; shownValue: string } | undefined {
  const a = `$${credentialEnv.accountId}`;
  if (name === 'account-spaces') return { value: ` ${accountId} `, shownValue: `+${a}+` };
  if (name === 'account-line-break') return { value: `${accountId}\n`, shownValue: `${a}%0A` };
  const swapped = swapCase(accountId);
  return swapped === accountId ? undefined : { value: swapped, shownValue: swappedShell(credentialEnv.accountId) };
}
