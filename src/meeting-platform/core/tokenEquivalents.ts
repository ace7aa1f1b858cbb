/**
 * The seed's token request in forms the standards make equal to it, which a platform must serve as it
 * serves the seed's own: they are what real HTTP clients send (Node's fetch labels a URLSearchParams body
 * `application/x-www-form-urlencoded;charset=UTF-8`), so refusing one breaks working SDKs. Header-name case
 * and whitespace around a value are equal too, but no loopback test can bend them (every HTTP parser on
 * the way folds them), so no broken platform could prove a check of them: they are left out.
 */
export const tokenEquivalentNames = ['form-type-charset', 'form-type-case', 'basic-scheme-case'] as const;
export type TokenEquivalentName = (typeof tokenEquivalentNames)[number];

export const tokenEquivalentWords: Record<TokenEquivalentName, string> = {
  'form-type-charset': 'the form body under Content-Type application/x-www-form-urlencoded;charset=UTF-8 (what Node\'s fetch sends)',
  'form-type-case': 'the form body under Content-Type Application/X-WWW-Form-URLEncoded',
  'basic-scheme-case': 'HTTP Basic under the scheme word "basic", lower case',
};

/** What an equivalent form changes of the seed's token request: its Content-Type, or the scheme word of its Authorization. */
export function tokenEquivalent(name: TokenEquivalentName): { contentType?: string; basicScheme?: string } {
  if (name === 'form-type-charset') return { contentType: 'application/x-www-form-urlencoded;charset=UTF-8' };
  if (name === 'form-type-case') return { contentType: 'Application/X-WWW-Form-URLEncoded' };
  return { basicScheme: 'basic' };
}
