import type { Exchange } from './fetchClient.ts';

/** A recognisable cause of a wrong reply: a title to group failing probes by, and what to do about it. */
export interface ReplyCause {
  cause: string;
  diagnosis: string;
}

function isHtml(x: Exchange): boolean {
  return /^text\/html\b/i.test(x.headers['content-type'] ?? '') || /^\s*<(!doctype html|html)/i.test(x.text);
}

/**
 * Causes that say more than "the status was wrong", read from the reply alone (in the spirit of the
 * meeting platform's first-call diagnoses): no answer at all, an HTML page where the service's JSON was
 * due, the target's own key refused. Undefined when the reply shows none of them.
 */
export function diagnoseReply(x: Exchange): ReplyCause | undefined {
  if (x.status === 0) {
    return {
      cause: 'no HTTP answer',
      diagnosis: `The request got no HTTP answer (${x.failure ?? 'unknown failure'}): the service closed the connection, crashed, was not listening, ` +
        'or did not answer within the run\'s deadlines and size cap (--headers-timeout, --body-timeout, --max-body-mib). Its logs for this request say more.',
    };
  }
  if (isHtml(x)) {
    return {
      cause: `an HTML page (HTTP ${x.status}) where the service's JSON was due`,
      diagnosis: 'The reply is an HTML page, not the JSON the service gives: a proxy, load balancer or web server in front of it answered (an error or login page), ' +
        'or --base-url names a web site rather than the service. Check --base-url and what stands in front of the service.',
    };
  }
  // Only requests sent with the target's own key (call.key undefined) say anything about the key.
  if ((x.status === 401 || x.status === 403) && x.call.key === undefined) {
    return {
      cause: `the target's own key refused (HTTP ${x.status})`,
      diagnosis: 'The service refused the key it was given, at once: $SVC_API_KEY (or --api-key) does not hold a key this deployment issued, ' +
        'or something in front of the service strips the X-SVC-API-Key header.',
    };
  }
  return undefined;
}
