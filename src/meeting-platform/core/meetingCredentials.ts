/** What a server-to-server app authenticates with; held in environment variables by convention. */
export interface MeetingCredentials {
  clientId: string;
  clientSecret: string;
  accountId: string;
}

/** The variables the seed's client convention names, shared by `conform run`, `mock` and `check`. */
export const credentialEnv = {
  clientId: 'MEETING_CLIENT_ID',
  clientSecret: 'MEETING_CLIENT_SECRET',
  accountId: 'MEETING_ACCOUNT_ID',
} as const;

/** The variables one account's credentials are kept in: `credentialEnv`, or those a config names (clientIdEnv, ...). */
export type CredentialVariables = Record<keyof MeetingCredentials, string>;

export type CredentialsFromEnv =
  | { kind: 'complete'; credentials: MeetingCredentials }
  | { kind: 'none' }
  | { kind: 'partial'; missing: string[] };

/** All three variables, none of them, or which are missing: a half-set environment is a mistake to name. */
export function credentialsFromEnv(env: Record<string, string | undefined>): CredentialsFromEnv {
  const values = {
    clientId: env[credentialEnv.clientId] ?? '',
    clientSecret: env[credentialEnv.clientSecret] ?? '',
    accountId: env[credentialEnv.accountId] ?? '',
  };
  const missing = (Object.keys(values) as Array<keyof typeof values>).filter((k) => !values[k]).map((k) => credentialEnv[k]);
  if (missing.length === 0) return { kind: 'complete', credentials: values };
  return missing.length === 3 ? { kind: 'none' } : { kind: 'partial', missing };
}
