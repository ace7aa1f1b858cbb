import { cutText } from '../../exchange/cutText.ts';

/** The deployment's answer to the preflight's fetch of a farm page: the seed's own request, with the key given. */
export interface ServiceAnswer {
  status: number;
  contentType: string;
  text: string;
}

/** What the sentence needs of the target: its base URL and how the run names it. */
export interface ServiceContext {
  baseUrl: string;
  names: { baseUrl: string };
}

/** How a refusal names the caller's key, and how one names a destination (which is no key refused). */
const keyWords = /api.?key|x-svc-api-key|credential|unauthori[sz]ed|authenticat|\bkey\b/i;
const destinationWords = /destination|ssrf|allow.?list|not (allowed|permitted)|blocked|private|loopback|internal address/i;

/**
 * A set-up mistake the deployment's answer to the seed's own request shows, one line saying what to fix:
 * the base URL is not the service (a 404 for the operation's own path, an HTML page), or the key given is
 * refused (401, or a 403 that says so of the key). Undefined when the answer is the service's to be judged
 * on (200, another error): the suite's checks judge those.
 */
export function whyNotTheService(t: ServiceContext, answer: ServiceAnswer): string | undefined {
  const endpoint = `POST ${t.baseUrl}/v1/fetch`;
  const said = quoted(answer);
  const html = /^text\/html\b/i.test(answer.contentType.trim());
  if (answer.status === 404 || html) {
    // A base URL that already ends in the version is the likeliest mistake: the operation is below it.
    const hint = /\/v1\/?$/.test(new URL(t.baseUrl).pathname) ? ' without the /v1 (the operation is /v1/fetch below it)' : ', the address that /v1/fetch is below';
    return `${t.names.baseUrl} ${t.baseUrl} does not answer like a fetch service: ${endpoint} with a valid request ${said}. Give the service's base URL${hint}.`;
  }
  const message = messageOf(answer.text);
  const keyRefused = answer.status === 401 || (answer.status === 403 && keyWords.test(message) && !destinationWords.test(message));
  if (keyRefused) return `${t.names.baseUrl} ${t.baseUrl} refused the API key given for it: ${endpoint} with the key in X-SVC-API-Key and a valid body ${said}. Give a key this deployment issued.`;
  return undefined;
}

function messageOf(text: string): string {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON: the text is what it said.
  }
  return text;
}

/** The answer as evidence: `answered 401 ("A valid API key is required.")`, its message cut at 160 characters. */
function quoted(answer: ServiceAnswer): string {
  const type = answer.contentType ? `, ${answer.contentType.split(';')[0]!.trim()}` : '';
  // An HTML page is named by its type: its markup says nothing a line can hold.
  const message = /html/i.test(type) ? '' : messageOf(answer.text).trim();
  return `answered ${answer.status}${type}${message ? ` (${JSON.stringify(cutText(message.replace(/\s+/g, ' '), 160))})` : ''}`;
}

/**
 * The farm's listener whose certificate verifies, fetched by the deployment without allowInsecureSsl, after
 * it fetched the same page with allowInsecureSsl: a 502 there is the certificate refused, a set-up
 * mistake (its trust store lacks the farm's CA) that would leave every TLS clause unjudged. One line saying
 * what to fix; undefined for any other answer (the suite judges it).
 */
export function whyCertificateRefused(t: ServiceContext & { originUrl: string; runsOwnFarm?: boolean }, httpsPage: string, answer: ServiceAnswer): string | undefined {
  if (answer.status !== 502) return undefined;
  const trust = t.runsOwnFarm
    ? 'It does not trust the CA of the origin farm this run started (a new one each run): start conform origin with --cert and --key from a CA it trusts and give its URL as --origin-url'
    : `It does not trust the farm's CA: give it the "ca" of ${new URL('/__farm/info', t.originUrl).href}, or start conform origin with --cert and --key from a CA it trusts`;
  return `${t.names.baseUrl} ${t.baseUrl} could not verify the farm's certificate for ${httpsPage}: fetched without allowInsecureSsl it ${quoted(answer)}, where the same page with allowInsecureSsl was fetched. ${trust}; or its own trust store is empty.`;
}
