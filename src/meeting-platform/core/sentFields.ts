import { accountNearMissNames, bearerNearMissNames, clientIdNearMissNames, clientSecretNearMissNames, grantTypeNearMissNames } from './nearMisses.ts';
import { bearerEquivalentNames } from './bearerEquivalents.ts';

/**
 * One row per credential, identifier and keyed value the meeting-platform suite sends: how it travels,
 * the near misses a sloppy comparison lets through (each must be refused) and the forms the standards
 * make equal to it (each must be served), with the clause each side is judged under. The token and API
 * checks are made from these rows: a field added here gets both sides, its clauses quoting the basis.
 */
export interface SentField {
  field: string;
  sentAs: string;
  nearMisses: readonly string[];
  /** The clause a near miss's acceptance fails. */
  refusedUnder?: string;
  equivalents: readonly string[];
  /** The clause an equivalent's refusal fails. */
  acceptedUnder?: string;
}

export const sentFields = [
  { field: 'client_id', sentAs: 'the user-id of HTTP Basic on the token request', nearMisses: clientIdNearMissNames, refusedUnder: 'MP-TOKEN-INVALID-CLIENT', equivalents: [] },
  { field: 'client_secret', sentAs: 'the password of HTTP Basic on the token request', nearMisses: clientSecretNearMissNames, refusedUnder: 'MP-TOKEN-INVALID-CLIENT', equivalents: [] },
  { field: 'Authorization (Basic)', sentAs: 'the token request\'s Authorization header, scheme Basic', nearMisses: [], equivalents: ['basic-scheme-case'], acceptedUnder: 'MP-TOKEN-EQUIVALENT' },
  { field: 'Content-Type', sentAs: 'the token request\'s Content-Type, application/x-www-form-urlencoded', nearMisses: [], equivalents: ['form-type-charset', 'form-type-case'], acceptedUnder: 'MP-TOKEN-EQUIVALENT' },
  { field: 'grant_type', sentAs: 'a form field of the token request, value account_credentials', nearMisses: grantTypeNearMissNames, refusedUnder: 'MP-TOKEN-WRONG-FLOW', equivalents: [] },
  { field: 'account_id', sentAs: 'a form field of the token request', nearMisses: accountNearMissNames, refusedUnder: 'MP-TOKEN-ACCOUNT-EXACT', equivalents: [] },
  { field: 'access token', sentAs: 'Authorization: Bearer on every API call', nearMisses: bearerNearMissNames, refusedUnder: 'MP-API-NEAR-MISS', equivalents: bearerEquivalentNames, acceptedUnder: 'MP-API-EQUIVALENT' },
] as const satisfies readonly SentField[];

type Row = (typeof sentFields)[number];
/** The near-miss names of the rows judged under clause `C`. */
type NearMissOf<C extends string> = Row extends infer R ? (R extends { refusedUnder: C; nearMisses: readonly (infer N)[] } ? N : never) : never;

/** The near misses the rows judge under `clause`, in the rows' order. */
export function nearMissesUnder<C extends string>(clause: C): NearMissOf<C>[] {
  const names: string[] = [];
  for (const row of sentFields) if ('refusedUnder' in row && row.refusedUnder === clause) names.push(...row.nearMisses);
  return names as NearMissOf<C>[];
}

/** The equivalent names of the rows judged under clause `C`. */
type EquivalentOf<C extends string> = Row extends infer R ? (R extends { acceptedUnder: C; equivalents: readonly (infer N)[] } ? N : never) : never;

/** The equivalent forms the rows judge under `clause`, in the rows' order. */
export function equivalentsUnder<C extends string>(clause: C): EquivalentOf<C>[] {
  const names: string[] = [];
  for (const row of sentFields) if ('acceptedUnder' in row && row.acceptedUnder === clause) names.push(...row.equivalents);
  return names as EquivalentOf<C>[];
}
