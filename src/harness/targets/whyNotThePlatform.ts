import { cutText } from '../../exchange/cutText.ts';
import { SilentTargets } from '../../exchange/SilentTargets.ts';
import { credentialEnv } from '../../meeting-platform/core/meetingCredentials.ts';
import { field, type Exchange } from '../../meeting-platform/exchange.ts';
import { apiGet, requestToken, tokenUrl } from '../../meeting-platform/platformRequests.ts';
import type { MeetingPlatformTargetOptions } from './TargetOptions.ts';

/**
 * The set-up mistakes the seed's own first calls show before any check: the auth URL is not the
 * platform's token endpoint (a 404 for /oauth/token, an HTML page), the account's credentials are refused
 * (401, or the OAuth error invalid_client), or the API base URL is not the platform's API (a 404 or a page
 * for /v2/users/me with the token just issued). One line saying what to fix; undefined when the calls
 * were answered otherwise (a token issued and the API answering, or an answer the suite's checks judge:
 * a 5xx, a token response without a token, a refusal that names no credential).
 */
export async function whyNotThePlatform(t: MeetingPlatformTargetOptions): Promise<string | undefined> {
  const names = { authUrl: t.optionNames?.authUrl ?? '--auth-url', apiBaseUrl: t.optionNames?.apiBaseUrl ?? '--api-base-url' };
  const vars = t.credentialVars ?? credentialEnv;
  // Its own record of silent targets: a probe that gets no answer here leaves the suites to find it, in their words.
  const silentTargets = new SilentTargets();
  let token: Exchange;
  try {
    token = await requestToken({ authUrl: t.authUrl, credentials: t.credentials, limits: t.limits, silentTargets });
  } catch {
    // No answer: whyUnreachable has said what it could of the address; the suite judges the rest.
    return undefined;
  }
  const sent = `POST ${tokenUrl(t.authUrl)} (HTTP Basic $${vars.clientId}:$${vars.clientSecret}, grant_type=account_credentials, account_id=$${vars.accountId})`;
  if (token.status === 404 || token.isHtml) {
    return `${names.authUrl} ${t.authUrl} does not answer like the platform's token endpoint: ${sent} ${quoted(token)}. Give the address /oauth/token is below (the real platform's is https://zoom.us).`;
  }
  if (token.status === 401 || field(token, 'error') === 'invalid_client') {
    return `${names.authUrl} ${t.authUrl} refused the account's credentials: ${sent} ${quoted(token)}. Check $${vars.clientId}, $${vars.clientSecret} and $${vars.accountId}: an app's own, of one account.`;
  }
  const accessToken = field(token, 'access_token');
  if (token.status !== 200 || typeof accessToken !== 'string' || !accessToken) return undefined;
  let me: Exchange;
  try {
    me = await apiGet({ apiBaseUrl: t.apiBaseUrl, limits: t.limits, silentTargets }, '/v2/users/me', accessToken);
  } catch {
    return undefined;
  }
  if (me.status === 404 || me.isHtml) {
    return `${names.apiBaseUrl} ${t.apiBaseUrl} does not answer like the platform's API: GET ${me.url} with the token ${names.authUrl} issued ${quoted(me)}. Give the address /v2/users/me is below (the real platform's is https://api.zoom.us).`;
  }
  return undefined;
}

/** The answer as evidence: `answered 401, application/json ("invalid_client: Invalid client_id or client_secret")`. */
function quoted(x: Exchange): string {
  const type = x.contentType ? `, ${x.contentType.split(';')[0]!.trim()}` : '';
  if (x.isHtml) return `answered ${x.status}${type}`;
  const error = field(x, 'error');
  const reason = field(x, 'reason') ?? field(x, 'error_description') ?? field(x, 'message');
  const words = [typeof error === 'string' ? error : '', typeof reason === 'string' ? reason : ''].filter(Boolean).join(': ') || x.bodyText.trim();
  return `answered ${x.status}${type}${words ? ` (${JSON.stringify(cutText(words.replace(/\s+/g, ' '), 160))})` : ''}`;
}
