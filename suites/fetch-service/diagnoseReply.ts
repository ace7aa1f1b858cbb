import type { Exchange } from './fetchClient.ts';

/** A recognisable cause of a wrong reply: a title to group failing probes by, and what to do about it. */
export interface ReplyCause {
  cause: string;
  diagnosis: string;
}

/** What a diagnosis reads: a reply of the service as the suite's client or its generated requests got it. */
export type Reply = Pick<Exchange, 'status' | 'text' | 'json' | 'failure'> & { headers: Readonly<Record<string, string | undefined>>; call: Pick<Exchange['call'], 'key'> };

/**
 * One cause a reply can show, and the evidence that selects it. Each diagnosis is chosen from what the
 * reply itself says (its status, its message, its headers, the reason there was none), never guessed
 * from the status alone: a 403 whose message names the destination is a destination refused, whatever
 * the key did elsewhere.
 */
interface KnownCause {
  /** The family of causes it is one of, for the tests and for what a refusal means to other checks. */
  family: CauseFamily;
  /** The reply shows this cause. */
  shows(x: Reply, said: string): boolean;
  describe(x: Reply, said: string): ReplyCause;
}

export type CauseFamily = 'limit' | 'destination' | 'body' | 'key' | 'html' | 'bounds' | 'nothing listening' | 'connection closed' | 'no answer';

function isHtml(x: Reply): boolean {
  return /^text\/html\b/i.test(x.headers['content-type'] ?? '') || /^\s*<(!doctype html|html)/i.test(x.text);
}

/**
 * What a refusal says in words: its JSON `message` (and `error`, unless it is only the status's reason
 * phrase, which every refusal of that status carries), or its text when it is not JSON.
 */
function wordsOf(x: Reply): string {
  if (x.json && typeof x.json === 'object' && !Array.isArray(x.json)) {
    const body = x.json as Record<string, unknown>;
    return [body.message, body.error, body.detail, body.reason].filter((v): v is string => typeof v === 'string').join(' ');
  }
  return x.text.slice(0, 500);
}

/** The refusal quoted as evidence: `HTTP 403: "The destination is not permitted."`. */
function quoted(x: Reply, said: string): string {
  const message = x.json && typeof (x.json as { message?: unknown }).message === 'string' ? (x.json as { message: string }).message : said.trim();
  return message ? `HTTP ${x.status}: ${JSON.stringify(message.length > 160 ? `${message.slice(0, 160)}…` : message)}` : `HTTP ${x.status}`;
}

const words = {
  limit: /too many|rate.?limit|concurren|quota|throttl|slow down|limit exceeded|exceeded .*limit/i,
  destination: /destination|ssrf|allow.?list|private (address|network|range)|(host|address|url|origin) (is )?not (allowed|permitted)|blocked (host|address|url)/i,
  body: /\bbody\b|payload|too large|\bjson\b|content.?type|media type/i,
  key: /api.?key|x-svc-api-key|\bkey\b|credential|authenticat|unauthori[sz]ed/i,
};

/**
 * The target's own key refused, where `evidence` shows it. Only requests sent with the target's own key say
 * anything about that key. A 401 or a challenge says so whatever its words (a 401 is the credentials'
 * status, RFC 9110 §15.5.2); words about the key say so only where they name nothing more specific.
 */
function keyRefused(evidence: (x: Reply, said: string) => boolean): KnownCause {
  return {
    family: 'key',
    shows: (x, said) => x.call.key === undefined && evidence(x, said),
    describe: (x, said) => ({
      cause: `the target's own key refused (${quoted(x, said)})`,
      diagnosis:
        'The service refused the key it was given, as its answer says: $SVC_API_KEY (or --api-key) does not hold a key this deployment issued, ' +
        'or something in front of the service strips the X-SVC-API-Key header.',
    }),
  };
}

/** Refusals (4xx), most specific first: a limit message may name the key it counts for. */
const refusals: KnownCause[] = [
  {
    family: 'limit',
    shows: (x, said) => x.status === 429 || words.limit.test(said),
    describe: (x, said) => ({
      cause: `refused for a limit (${quoted(x, said)})`,
      diagnosis:
        'The service refused the request for a limit of its own, as its answer says (concurrent fetches or requests per key, a quota), not for the request itself. ' +
        'Checks share the key and run side by side: give the key used for conformance runs a higher limit, or lower --rate-limit.',
    }),
  },
  {
    family: 'destination',
    shows: (_x, said) => words.destination.test(said),
    describe: (x, said) => ({
      cause: `the destination refused (${quoted(x, said)})`,
      diagnosis:
        'The service refused the URL it was asked to fetch, as its answer says, not the key: its destination rules (SSRF protection, an allowlist) do not admit the origin farm the probes point at. ' +
        'Let the service reach the farm (allowlist its host and ports), or give --origin-url a farm the service may fetch from.',
    }),
  },
  keyRefused((x) => x.status === 401 || 'www-authenticate' in x.headers),
  {
    family: 'body',
    shows: (_x, said) => words.body.test(said),
    describe: (x, said) => ({
      cause: `the request body refused (${quoted(x, said)})`,
      diagnosis:
        "The service refused the request's body, as its answer says: its size, its JSON or its Content-Type. A body this suite sends as the seed describes was refused by the service, " +
        'or by something in front of it (a proxy or firewall with a body size limit or content rules).',
    }),
  },
  keyRefused((_x, said) => words.key.test(said)),
];

/** Why no HTTP answer came, from the failure's own words. */
const noAnswers: KnownCause[] = [
  {
    family: 'bounds',
    shows: (x) => /\bwithin\b|did not end|exceeded|more than .* of headers|^not sent:/.test(x.failure ?? ''),
    describe: (x) => ({
      cause: "no HTTP answer within the run's bounds",
      diagnosis: `The request ran into the run's bounds (${x.failure}): the service took longer than --headers-timeout (plus the fetch timeout) or --body-timeout, or answered more than --max-body-mib. Its logs for this request say what it was doing.`,
    }),
  },
  {
    family: 'nothing listening',
    shows: (x) => /ECONNREFUSED/.test(x.failure ?? ''),
    describe: (x) => ({
      cause: 'connection refused',
      diagnosis: `Nothing was listening (${x.failure}): the service stopped or restarted during the run. Its logs, or its process manager's, say why.`,
    }),
  },
  {
    family: 'connection closed',
    shows: (x) => /ECONNRESET|EPIPE|socket hang up|other side closed|UND_ERR_SOCKET|closed/i.test(x.failure ?? ''),
    describe: (x) => ({
      cause: 'the connection closed without an answer',
      diagnosis: `The service (or something in front of it) closed the connection without an HTTP answer (${x.failure}): it crashed on this request, or a proxy cut it off. Its logs for this request say more.`,
    }),
  },
];

const html: KnownCause = {
  family: 'html',
  shows: (x) => isHtml(x),
  describe: (x) => ({
    cause: `an HTML page (HTTP ${x.status}) where the service's JSON was due`,
    diagnosis: 'The reply is an HTML page, not the JSON the service gives: a proxy, load balancer or web server in front of it answered (an error or login page), ' +
      'or --base-url names a web site rather than the service. Check --base-url and what stands in front of the service.',
  }),
};

const noAnswer: KnownCause = {
  family: 'no answer',
  shows: (x) => x.status === 0,
  describe: (x) => ({
    cause: 'no HTTP answer',
    diagnosis: `The request got no HTTP answer (${x.failure ?? 'unknown failure'}). The service's logs for this request say more.`,
  }),
};

/** The cause a reply shows, most specific first, and the family it is of; undefined when it shows none. */
function recognise(x: Reply): { family: CauseFamily; cause: ReplyCause } | undefined {
  const said = wordsOf(x);
  const known = x.status === 0
    ? (noAnswers.find((c) => c.shows(x, said)) ?? noAnswer)
    : isHtml(x)
      ? html
      : x.status >= 400 && x.status < 500
        ? refusals.find((c) => c.shows(x, said))
        : undefined;
  return known && { family: known.family, cause: known.describe(x, said) };
}

/**
 * Causes that say more than "the status was wrong", each chosen by the evidence it cites (in the
 * spirit of the meeting platform's first-call diagnoses): why no answer came, an HTML page where the
 * service's JSON was due, a refusal that says what it refused (a limit, the destination, the body, the
 * target's own key). Undefined when the reply shows none of them.
 */
export function diagnoseReply(x: Reply): ReplyCause | undefined {
  return recognise(x)?.cause;
}

/** The family of the cause a reply shows, undefined for none (for tests and for what a refusal means). */
export function causeFamily(x: Reply): CauseFamily | undefined {
  return recognise(x)?.family;
}

/** The statuses a service refuses credentials with. */
const credentialStatuses = new Set([401, 403]);

/**
 * Whether a reply to a request sent with the issued key may be the key refused: a 401 or 403 that shows
 * the key refused (a 401, a challenge, words about the key) or shows nothing at all ("Forbidden"). A 403
 * that names another cause (the destination not permitted, a limit, the body, an HTML page of something
 * in front of the service) is that cause, not the key.
 */
export function mayBeKeyRefusal(x: Reply): boolean {
  if (!credentialStatuses.has(x.status) || x.call.key !== undefined) return false;
  const family = causeFamily(x);
  return family === undefined || family === 'key';
}

/** Whether a reply shows the issued key refused, by its own evidence (a 401, a challenge, words about the key). */
export function showsKeyRefused(x: Reply): boolean {
  return credentialStatuses.has(x.status) && causeFamily(x) === 'key';
}

/**
 * Why a check judged nothing when every request it sent with the issued key got `x`'s kind of refusal
 * (mayBeKeyRefusal): the key refused, when the answer says so; else only that it was refused, unexplained.
 */
export function keyRefusalReason(x: Reply): string {
  const answer = quoted(x, wordsOf(x));
  return showsKeyRefused(x)
    ? `the issued key was refused (${answer}) on every request this check sent`
    : `every request this check sent with the issued key was refused (${answer}), an answer that does not say why`;
}
