/**
 * Query parameters of a link that let whoever holds the link in: a join link's passcode (`pwd`), a start
 * link's host token (`zak`), tokens of any name. Matched without regard to case.
 */
const secretParameters = /^(pwd|passcode|password|zak|tk|token|access_token|signature|sig|key|api_key)$/i;

/**
 * `url` without the query parameters that hold a secret (a join link's `pwd=`), the rest of it as it was
 * (the platform's host, the meeting's id); a URL that does not parse loses its whole query.
 */
export function withoutSecretQuery(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url.slice(0, question);
  }
  for (const name of [...parsed.searchParams.keys()]) if (secretParameters.test(name)) parsed.searchParams.delete(name);
  return parsed.href.replace(/\?(?=#|$)/, '');
}
