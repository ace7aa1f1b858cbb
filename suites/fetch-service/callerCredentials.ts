import { randomBytes } from 'node:crypto';
import { findSecret, secretForms, type SecretForm } from '../../src/harness/secretForms.ts';
import type { FarmRequest } from './originFarm.ts';

/** A secret the suite hands the service, and every form in which it could reach an origin. */
export interface Credential {
  /** For problem lines: "the API key", "the caller's Cookie". */
  name: string;
  forms: SecretForm[];
}

/** Credentials of the caller's own, beside the key: headers to send and what to look for at the origin. */
export interface CallerCredentials {
  headers: Record<string, string>;
  credentials: Credential[];
}

/**
 * Why the key cannot be searched for, or false when it can: a very short key would be found in ordinary
 * text, and a check would fail a service for an echo that is not one.
 */
export function unsearchableKey(key: string | undefined): string | false {
  if (!key) return 'no API key to look for ($SVC_API_KEY is not set)';
  return key.length < 8 ? 'the API key is shorter than 8 characters: too short to search requests and replies for' : false;
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
      { name: "the caller's Authorization", forms: secretForms(token) },
      { name: "the caller's Cookie", forms: secretForms(session) },
      { name: "the caller's Proxy-Authorization", forms: secretForms(password) },
    ],
  };
}

/**
 * Where a request the origin received carries any of `credentials`: one line per find, naming the header
 * (or the URL) and the encoding, never the value.
 */
export function credentialsIn(request: FarmRequest, credentials: readonly Credential[]): string[] {
  const places: Array<[string, string]> = [['the URL', request.path]];
  for (const [name, value] of Object.entries(request.headers)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) places.push([`header ${name}`, v]);
  }
  return credentials.flatMap((credential) => secretsIn(places, credential.forms).map((found) => `${credential.name} in ${found}`));
}

/** Each of `places` ([where, text]) that holds one of `forms`: where, and the encoding unless as is. */
export function secretsIn(places: ReadonlyArray<readonly [string, string]>, forms: readonly SecretForm[]): string[] {
  return places.flatMap(([where, text]) => {
    const form = findSecret(text, forms);
    return form ? [`${where}${form.encoding === 'as is' ? '' : ` (${form.encoding})`}`] : [];
  });
}
