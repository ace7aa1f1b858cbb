import { keyVariable, type FetchCall } from './fetchClient.ts';
import { keyNearMisses } from './keyNearMisses.ts';

/** How a row's form changes the seed's own request (`X-SVC-API-Key: $SVC_API_KEY`, `Content-Type: application/json`). */
export type SentForm = Pick<FetchCall, 'key' | 'headers' | 'query' | 'contentType'>;

/** One near miss or equivalent form: the path of its clause's matrix it takes, how a report names it, what it sends. */
export interface FormOfField {
  path: string;
  label: string;
  form: SentForm;
}

/**
 * One row per credential and keyed value the fetch suite sends: how it travels, the near misses a sloppy
 * comparison lets through (each must be refused, under `refusedUnder`) and the forms the standards make
 * equal to it (each must be served, under `acceptedUnder`). authChecks.ts makes FS-AUTH-REQUIRED's,
 * FS-AUTH-HEADER-ONLY's and FS-AUTH-KEY's probes from these rows: a field added here gets both sides.
 * Where a side is empty, `none` says why.
 */
export interface SentField {
  field: string;
  sentAs: string;
  nearMisses(key: string | undefined): FormOfField[];
  refusedUnder?: 'FS-AUTH-REQUIRED' | 'FS-AUTH-HEADER-ONLY';
  equivalents: FormOfField[];
  acceptedUnder?: 'FS-AUTH-KEY';
  none?: { nearMisses?: string; equivalents?: string };
}

// The names a service that takes a key from the query string is likely to read it under, all at once.
const keyInQuery = ['X-SVC-API-Key', 'api_key', 'apiKey', 'key'].map((name) => `${name}=${keyVariable}`).join('&');

export const sentFields: readonly SentField[] = [
  {
    field: 'the API key',
    sentAs: 'the value of X-SVC-API-Key (seed §5)',
    nearMisses: (key) => keyNearMisses(key).map((m) => ({ path: m.path, label: m.label, form: { key: m.key } })),
    refusedUnder: 'FS-AUTH-REQUIRED',
    equivalents: [],
    // RFC 9110 §5.5: whitespace around a field value is no part of it, and every HTTP parser on the way drops it.
    none: { equivalents: 'spaces or tabs around the key are not part of the field value (RFC 9110 §5.5): no form of it to send that a service sees' },
  },
  {
    field: 'Content-Type',
    sentAs: 'application/json, the media type of the fetch request (seed §2, §4)',
    nearMisses: () => [],
    // RFC 9110 §8.3.1: parameters are part of a media type, and type and subtype compare case-insensitively.
    equivalents: [
      { path: 'json-charset', label: 'Content-Type: application/json; charset=utf-8', form: { contentType: 'application/json; charset=utf-8' } },
      { path: 'media-type-case', label: 'Content-Type: Application/JSON (media types are case-insensitive)', form: { contentType: 'Application/JSON' } },
    ],
    acceptedUnder: 'FS-AUTH-KEY',
    none: { nearMisses: 'the seed leaves a request in another media type to the service (FS-AUTH-REQUIRED sends keyless ones in each, all to be refused)' },
  },
  {
    field: 'X-SVC-API-Key',
    sentAs: 'the name of the header the key travels in (seed §4, §5)',
    nearMisses: (): FormOfField[] => [
      { path: 'authorization-bearer', label: 'the key in Authorization: Bearer instead', form: { key: null, headers: { Authorization: `Bearer ${keyVariable}` } } },
      { path: 'x-api-key', label: 'the key in X-API-Key instead', form: { key: null, headers: { 'X-API-Key': keyVariable } } },
      { path: 'query-parameter', label: 'the key in the query string (X-SVC-API-Key=, api_key=, apiKey=, key=) instead', form: { key: null, query: keyInQuery } },
    ],
    refusedUnder: 'FS-AUTH-HEADER-ONLY',
    // RFC 9110 §5.1: field names are case-insensitive.
    equivalents: [{ path: 'header-name-case', label: 'the header name in lowercase: x-svc-api-key', form: { key: null, headers: { 'x-svc-api-key': keyVariable } } }],
    acceptedUnder: 'FS-AUTH-KEY',
  },
];

/** The near misses the rows judge under `clause`, in the rows' order, for the key `key`. */
export function nearMissesUnder(clause: NonNullable<SentField['refusedUnder']>, key: string | undefined): FormOfField[] {
  return sentFields.filter((f) => f.refusedUnder === clause).flatMap((f) => f.nearMisses(key));
}

/** The equivalent forms the rows judge under `clause`, in the rows' order. */
export function equivalentsUnder(clause: NonNullable<SentField['acceptedUnder']>): FormOfField[] {
  return sentFields.filter((f) => f.acceptedUnder === clause).flatMap((f) => f.equivalents);
}
