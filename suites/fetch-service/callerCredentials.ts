import { randomBytes } from 'node:crypto';
import type { FarmRequest } from './originFarm.ts';
import { secretSearch, type SecretSearch } from '../../src/rules/fetch-service/secretSearch.ts';

/** A secret the suite hands the service, and how to find it where it could reach an origin. */
export interface Credential {
  /** For problem lines: "the API key", "the caller's Cookie". */
  name: string;
  search: SecretSearch;
}

/** Credentials of the caller's own, beside the key: headers to send and what to look for at the origin. */
export interface CallerCredentials {
  headers: Record<string, string>;
  credentials: Credential[];
}

/** Why there is no key to search for, or false when there is one (a short one is searched for whole: secretSearch.ts). */
export function noKeyToSearch(key: string | undefined): string | false {
  return key ? false : 'no API key to look for ($SVC_API_KEY is not set)';
}

const mark = (what: string): string => `conform-${what}-${randomBytes(12).toString('hex')}`;

/**
 * An Authorization, a Cookie and a Proxy-Authorization header holding values marked for this run (random,
 * so no origin can hold them by chance). The Proxy-Authorization is Basic credentials, so its secret travels
 * as base64 from the start.
 */
export function callerCredentials(): CallerCredentials {
  const token = mark('authorization');
  const session = mark('cookie');
  const password = mark('proxy-password');
  return {
    headers: {
      Authorization: `Bearer ${token}`,
      Cookie: `conform_session=${session}`,
      'Proxy-Authorization': `Basic ${Buffer.from(`conform:${password}`).toString('base64')}`,
    },
    credentials: [
      { name: "the caller's Authorization", search: secretSearch(token) },
      { name: "the caller's Cookie", search: secretSearch(session) },
      { name: "the caller's Proxy-Authorization", search: secretSearch(password) },
    ],
  };
}

/**
 * Where a request the origin received carries any of `credentials`: one line per find, naming the header
 * (or the URL) and the form, never the value.
 */
export function credentialsIn(request: FarmRequest, credentials: readonly Credential[]): string[] {
  return credentials.flatMap((credential) => {
    const places: string[] = [];
    const url = credential.search.url(request.path);
    if (url) places.push(placed('the URL', url));
    for (const [name, value] of Object.entries(request.headers)) {
      for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
        const form = credential.search.header(name, v);
        if (form) places.push(placed(`header ${name}`, form));
      }
    }
    return places.map((place) => `${credential.name} in ${place}`);
  });
}

/** Where a secret was found and in what form: "header authorization (base64)"; nothing added for "as is". */
export function placed(where: string, form: string): string {
  return form === 'as is' ? where : `${where} (${form})`;
}
