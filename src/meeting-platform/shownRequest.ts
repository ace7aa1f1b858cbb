import type { ShownRequest } from '../exchange/curlCommand.ts';
import type { Redactor } from '../exchange/Redactor.ts';
import type { Exchange } from './exchange.ts';
import { credentialEnv, type MeetingCredentials } from './core/meetingCredentials.ts';

/**
 * An exchange's request as a report shows it: the client id, secret and account id as the variables
 * users keep them in, Basic credentials as "id:secret" (curl -u), a bearer token as $ACCESS_TOKEN once
 * the run's Redactor knows it. Anything else secret is caught by the Redactor too.
 */
export function shownRequest(x: Pick<Exchange, 'method' | 'url' | 'requestHeaders' | 'requestBody'>, redactor: Redactor, credentials?: MeetingCredentials): ShownRequest {
  const named = (text: string) => {
    if (!credentials) return redactor.redact(text);
    return redactor.redact(text.split(credentials.clientSecret).join(`$${credentialEnv.clientSecret}`).split(credentials.clientId).join(`$${credentialEnv.clientId}`));
  };
  const headers = Object.entries(x.requestHeaders).map(([name, value]): [string, string] => {
    const basic = name.toLowerCase() === 'authorization' ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(value) : null;
    return [name, basic ? `Basic ${named(Buffer.from(basic[1]!, 'base64').toString('utf8'))}` : redactor.redact(value)];
  });
  const account = credentials ? encodeURIComponent(credentials.accountId) : undefined;
  const body = x.requestBody === undefined ? undefined : account ? x.requestBody.replace(`account_id=${account}`, `account_id=$${credentialEnv.accountId}`) : x.requestBody;
  return { method: x.method, url: x.url, headers, ...(body !== undefined ? { body } : {}) };
}
