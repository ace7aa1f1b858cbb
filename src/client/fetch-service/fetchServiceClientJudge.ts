import { curlCommand } from '../../exchange/curlCommand.ts';
import type { ClientCase } from '../ClientCase.ts';
import type { ClientJudgeSpec } from '../ClientJudgeSpec.ts';
import { withCutNote } from '../JournalEntry.ts';
import { createClientJudge, type ClientJudge, type ClientJudgeOptions } from '../createClientJudge.ts';
import { RetryAfterWatch } from '../RetryAfterWatch.ts';
import { showRequest } from '../showRequest.ts';
import { tokenFingerprint } from '../tokenFingerprint.ts';
import { judgeInsecure, judgeJsonBody, judgeKey, judgeOptions, keyParams } from './fetchRequestRules.ts';
import { judgeRoute } from './fetchRouteRule.ts';
import { UnchangedResendWatch } from './UnchangedResendWatch.ts';
import { EmbeddedInstructionWatch } from './EmbeddedInstructionWatch.ts';
import { bodyObject, fetchExchangeReader, type FetchRead } from './readFetchExchange.ts';

const keyVariable = 'SVC_API_KEY';

/**
 * §7's 429 guidance where the answer names no wait: "Wait and retry, or reduce concurrency". Sooner than
 * 100 ms is no wait (the least back-off of common clients); another request answered in between freed a
 * slot, so the client may have waited for it, or have fewer in flight: either is kept.
 */
const withoutRetryAfter = {
  minWaitMs: 100,
  path: 'after-429-without-retry-after',
  diagnosis: 'On a 429 without Retry-After, wait before sending the fetch again (back off: 100 ms at the least, a second is usual), or send fewer fetches at once: seed §7 says "Wait and retry, or reduce concurrency".',
};

interface FetchClientState {
  retry: RetryAfterWatch;
  resend: UnchangedResendWatch;
  instructions: EmbeddedInstructionWatch;
}

/** Keys sorted, so that one fetch sent again with its fields in another order is the same fetch. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** "The same fetch" for Retry-After: the same key asking for the same thing. */
function fetchKey(read: FetchRead): string {
  return `${tokenFingerprint(read.key ?? '')}\n${read.body === undefined ? read.x.request.body : canonical(read.body)}`;
}

const clauses = {
  'FS-CLIENT-KEY': { title: 'every request carries the issued key in X-SVC-API-Key', of: 'requests', failed: 'did not carry the issued key in X-SVC-API-Key' },
  'FS-CLIENT-ROUTE': { title: 'every request is POST /v1/fetch, a route and method the service has', of: 'requests', failed: 'were sent to a route or with a method the service does not have' },
  'FS-CLIENT-JSON-BODY': { title: 'the fetch request is a JSON object sent as application/json', of: 'fetch requests', failed: 'were not a JSON object sent as application/json' },
  'FS-CLIENT-OPTIONS': { title: 'url is an absolute URI and the options are booleans', of: 'fields', failed: 'had the wrong type' },
  'FS-CLIENT-INSECURE-PRIVATE': { title: 'allowInsecureSsl is never sent for a localhost, private, link-local or metadata destination', of: 'requests with allowInsecureSsl true', failed: 'named a localhost, private, link-local or metadata destination' },
  'FS-CLIENT-RETRY-AFTER': { title: 'no fetch is sent again before the Retry-After of its 429, nor at once after a 429 without one', of: 'fetches after a 429', failed: 'were sent again before Retry-After, or at once without one' },
  'FS-CLIENT-NO-UNCHANGED-RESEND': { title: 'a fetch answered 400 or 502 is not sent again unchanged', of: 'fetches after a 400 or 502', failed: 'sent a refused fetch again unchanged' },
  'FS-CLIENT-UNTRUSTED-CONTENT': { title: 'no URL that fetched content tells its reader to fetch is fetched', of: 'fetches after content with an instruction', failed: 'fetched a URL an instruction in fetched content named' },
};

/** The fetch service's client clauses (FS-CLIENT-*) as a judge spec; `baseUrl` is where the service lives. */
export function fetchServiceClientSpec(baseUrl: string): ClientJudgeSpec<FetchRead, FetchClientState> {
  return {
    suite: 'fetch-service',
    clauses,
    newState: () => ({ retry: new RetryAfterWatch('FS-CLIENT-RETRY-AFTER', withoutRetryAfter), resend: new UnchangedResendWatch(), instructions: new EmbeddedInstructionWatch() }),
    read: fetchExchangeReader(baseUrl),
    secrets(read) {
      const found: Array<readonly [string, string]> = [];
      if (read.key) found.push([read.key, keyVariable]);
      else {
        // A key sent where the service does not read it is a secret all the same.
        const bearer = /^\s*\S+\s+(\S+)\s*$/.exec(read.x.request.headers.authorization ?? '')?.[1];
        if (bearer) found.push([bearer, keyVariable]);
        const query = new URLSearchParams(read.x.request.query);
        for (const p of keyParams) if (query.get(p)) found.push([query.get(p)!, keyVariable]);
      }
      return found;
    },
    show: (read) => showRequest(read.x.request, Object.fromEntries(keyParams.map((p) => [p, keyVariable])), (name, value) => (name === 'x-svc-api-key' && value ? `$${keyVariable}` : value)),
    showAnswer: (read) => read.x.answer.body,
    observe(read, state, entry, found) {
      const cases: Array<ClientCase | undefined> = [judgeKey(read), judgeRoute(read), judgeJsonBody(read), ...judgeOptions(read), judgeInsecure(read)];
      if (read.op === 'fetch') {
        const key = fetchKey(read);
        cases.push(state.retry.judge(key, read.x.receivedAt));
        state.retry.record(key, read.x.answer, read.x.answeredAt, entry);
        const client = tokenFingerprint(read.key ?? '');
        cases.push(state.resend.judge(key, client));
        state.resend.record(key, client, read.x.answer, entry);
        cases.push(state.instructions.judge(bodyObject(read)?.url, client));
        state.instructions.record(client, read.x.answer, entry);
      }
      for (const c of cases) if (c !== undefined) found(c);
    },
    settle: () => ({ cases: [], pending: [] }),
    reproduction(entry) {
      return withCutNote(entry, curlCommand(entry.request));
    },
  };
}

export interface FetchServiceClientJudgeOptions extends ClientJudgeOptions {
  /** Where the service lives: POST {baseUrl}/v1/fetch. */
  baseUrl: string;
}

/**
 * A judge of a fetch-service client's requests (FS-CLIENT-* clauses), fed the exchanges as they happen:
 * by the mock, or by a validation proxy in front of a real deployment.
 */
export function fetchServiceClientJudge(options: FetchServiceClientJudgeOptions): ClientJudge {
  const { baseUrl, ...judgeOptions } = options;
  return createClientJudge(fetchServiceClientSpec(baseUrl), judgeOptions);
}
