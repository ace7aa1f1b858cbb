import type { ClientCase } from '../../client/ClientCase.ts';
import { judgeInsecure, judgeOptions } from '../../client/fetch-service/fetchRequestRules.ts';
import { bodyObject, fetchExchangeReader, type FetchRead } from '../../client/fetch-service/readFetchExchange.ts';
import { GenerationalMap } from '../../client/GenerationalMap.ts';
import { parseJson } from '../../client/parseJson.ts';
import { errorBodyProblem, jsonObjectProblem, replied, resultShapeProblem, type ReplyRecord } from '../../rules/fetch-service/replyProblems.ts';
import { secretSearch, type SecretSearch } from '../../rules/fetch-service/secretSearch.ts';
import { essenceOf } from '../../json/mediaType.ts';
import { loadSpec } from '../../openapi/loadSpec.ts';
import type { ServerJudgeSpec } from '../ServerJudgeSpec.ts';
import { specResponseCase } from '../specResponseCase.ts';

interface FetchServerState {
  /** The ids of the results given, and the request each was given to. */
  ids: GenerationalMap<string, number>;
  /** The search for the last key seen: an app sends one key call after call. */
  search?: { key: string; search: SecretSearch };
  /** The refusal clauses whose control the traffic has shown: a request served that the clause's refusals differ from. */
  controls: Set<string>;
}

/** Result ids remembered; past this the oldest are forgotten. */
const idsCap = 100_000;

const clauses = {
  'FS-AUTH-REQUIRED': { title: 'a request without X-SVC-API-Key is refused with a 4xx', of: 'requests without a key', failed: 'were not refused with a 4xx', idle: 'every request carried X-SVC-API-Key', control: 'no request with X-SVC-API-Key was answered 200, so nothing showed the deployment serving the key its refusals are about' },
  'FS-400-URL': { title: 'a url that is absent, not a string or not an absolute URI gets 400', of: 'fetch requests with a bad url', failed: 'did not get 400', idle: 'no fetch request had a url that is absent, not a string or not an absolute URI', control: 'no fetch request was answered 200, so nothing showed the deployment serving a valid body beside its 400s' },
  'FS-400-TYPE': { title: 'an option present but not a boolean gets 400', of: 'fetch requests with an option that is not a boolean', failed: 'did not get 400', idle: 'no fetch request had an option that is not a boolean', control: 'no fetch request was answered 200, so nothing showed the deployment serving a valid body beside its 400s' },
  'FS-400-BODY': { title: 'a body that is not JSON, or not an object, gets 400', of: 'fetch requests whose body is not a JSON object', failed: 'did not get 400', idle: 'every fetch request body was a JSON object', control: 'no fetch request was answered 200, so nothing showed the deployment serving a valid body beside its 400s' },
  'FS-REPLY-JSON': { title: 'replies are JSON objects sent as application/json', of: 'replies', failed: 'were not JSON objects sent as application/json', idle: 'no fetch request was answered' },
  'FS-RESULT-SHAPE': { title: 'a 200 reply is a fetch result of the seed\'s shape', of: 'fetch results', failed: 'did not have the shape of seed §2', idle: 'no fetch request was answered 200' },
  'FS-RESULT-ID-UNIQUE': { title: 'every fetch result has an id of its own', of: 'fetch results', failed: 'had an id another result had', idle: 'no fetch request was answered 200 with an id' },
  'FS-INSECURE-PRIVATE': { title: 'allowInsecureSsl for a localhost, private, link-local or metadata destination is refused with a 4xx', of: 'fetches with allowInsecureSsl and such a destination', failed: 'were not refused with a 4xx', idle: 'no fetch request sent allowInsecureSsl true with such a destination', control: 'no fetch request with allowInsecureSsl true was answered 200, so nothing showed the deployment honouring it where it may be used' },
  'FS-ERROR-BODY': { title: 'every error reply is {statusCode, error, message} matching its status', of: 'error replies', failed: 'were not {statusCode, error, message} matching their status', idle: 'no fetch request got an error reply' },
  'FS-SEC-KEY-ECHO': { title: "no reply carries the caller's API key", of: 'replies', failed: "carried the caller's API key", idle: 'no fetch request with a key was answered' },
  'FS-SPEC-RESPONSE': { title: 'every reply is one the spec documents (status, content type, body, headers)', of: 'replies', failed: 'are not ones fetch-service.openapi.yaml documents', idle: 'no fetch request was answered' },
};

/** The reply as the suite's rules read one. */
function replyOf(read: FetchRead): ReplyRecord {
  const { answer } = read.x;
  return { status: answer.status, headers: { ...answer.headers }, text: answer.body, json: parseJson(answer.body) };
}

/** A status that says the request was not read as a fetch (the key refused, the caller busy, the body too large or of another type): nothing to say of its fields. */
function unread(status: number): boolean {
  return status === 401 || status === 403 || status === 413 || status === 415 || status === 429;
}

/** A case of a clause that wants the request refused with 400 (or `range`, a 4xx), from the reply it got. */
function mustRefuse(clause: string, path: string, reply: ReplyRecord, why: string, range: '400' | '4xx' = '400'): ClientCase {
  const refused = range === '400' ? reply.status === 400 : reply.status >= 400 && reply.status < 500;
  return refused ? { clause, path } : { clause, path, problem: `${why}: ${replied(reply)}, expected ${range === '400' ? '400' : 'a 4xx refusal'}`, cause: `${why}, answered ${reply.status}` };
}

/** The request's fields that the seed makes invalid, each with the 400 clause it owes (none when the body is no JSON object: FS-400-BODY). */
function fieldCases(read: FetchRead, reply: ReplyRecord): ClientCase[] {
  const body = bodyObject(read);
  if (!body) {
    const why = read.body === undefined ? 'a body that is not JSON' : 'a JSON body that is not an object';
    return [mustRefuse('FS-400-BODY', read.body === undefined ? 'not-json' : 'not-object', reply, why)];
  }
  // The client rules name what is wrong with the url and the options; the service owes a 400 for each.
  return judgeOptions(read)
    .filter((c) => c.problem !== undefined)
    .map((c) => (c.path === 'url' ? mustRefuse('FS-400-URL', 'url', reply, c.problem!) : mustRefuse('FS-400-TYPE', 'options', reply, c.problem!)));
}

/** The search for `key` in replies, made once per key. */
function searchFor(state: FetchServerState, key: string): SecretSearch {
  if (state.search?.key !== key) state.search = { key, search: secretSearch(key) };
  return state.search.search;
}

/** Where in a reply the caller's key is, or undefined when it is nowhere. */
function keyIn(reply: ReplyRecord, search: SecretSearch): string | undefined {
  for (const [name, value] of Object.entries(reply.headers)) {
    const found = search.header(name, value);
    if (found) return `its header ${name} (${found})`;
  }
  const found = search.body(reply.text, reply.json);
  return found ? `its body (${found})` : undefined;
}

/** The fetch service's server clauses judged from an app's traffic with a deployment. */
export function fetchServiceServerSpec(baseUrl: string): ServerJudgeSpec<FetchServerState> {
  const read = fetchExchangeReader(baseUrl);
  const prefix = new URL(baseUrl).pathname.replace(/\/+$/, '');
  return {
    suite: 'fetch-service',
    clauses,
    newState: () => ({ ids: new GenerationalMap(idsCap), controls: new Set<string>() }),
    controlsShown: (state) => state.controls,
    observe(exchange, state, entry) {
      const r = read(exchange);
      if (r.op !== 'fetch') return [];
      if (exchange.noAnswer !== undefined) {
        return [{ clause: 'FS-SPEC-RESPONSE', path: 'every-reply', problem: `no answer from the deployment: ${exchange.noAnswer} (the proxy answered the app 502)`, cause: 'no answer from the deployment' }];
      }
      const reply = replyOf(r);
      const { status } = reply;
      const cases: ClientCase[] = [];
      const spec = specResponseCase(loadSpec('fetch-service'), 'FS-SPEC-RESPONSE', 'every-reply', { method: exchange.request.method, path: exchange.request.path.slice(prefix.length) || '/' }, exchange.answer);
      if (spec) cases.push(spec);
      const json = jsonObjectProblem(reply);
      cases.push({ clause: 'FS-REPLY-JSON', path: String(status), ...(json ? { problem: json, cause: status === 200 ? 'a 200 result that is not a JSON object sent as application/json' : 'an error that is not a JSON object sent as application/json' } : {}) });
      if (status >= 400) {
        const problem = errorBodyProblem(reply);
        cases.push({ clause: 'FS-ERROR-BODY', path: String(status), ...(problem ? { problem, cause: `a ${status} whose body is not {statusCode, error, message} matching it` } : {}) });
      }
      if (status === 200) {
        const shape = resultShapeProblem(reply);
        cases.push({ clause: 'FS-RESULT-SHAPE', path: '200', ...(shape ? { problem: shape, cause: 'a result not of the shape of seed §2' } : {}) });
        const id = (reply.json as { id?: unknown } | undefined)?.id;
        if (typeof id === 'string' && id) {
          const before = state.ids.get(id);
          cases.push({ clause: 'FS-RESULT-ID-UNIQUE', path: '200', ...(before !== undefined ? { problem: `id ${JSON.stringify(id.slice(0, 80))} was given to request #${before} too`, cause: 'an id given to two results' } : {}) });
          if (before === undefined) state.ids.set(id, entry.id);
        }
      }
      const key = r.key?.trim();
      if (!key) cases.push(mustRefuse('FS-AUTH-REQUIRED', 'no-key', reply, 'a request without X-SVC-API-Key', '4xx'));
      else {
        // secretSearch looks for a short key only where it stands whole: it would turn up in ordinary text by chance.
        const found = keyIn(reply, searchFor(state, key));
        cases.push({ clause: 'FS-SEC-KEY-ECHO', path: status === 200 ? '200' : 'error', ...(found ? { problem: `the ${status} reply carries the caller's API key in ${found}`, cause: "a reply that carries the caller's API key" } : {}) });
      }
      if (key && !unread(status) && essenceOf(exchange.request.headers['content-type']) === 'application/json') cases.push(...fieldCases(r, reply));
      // A fetch served with the key and a valid body is what the refusals of a keyless or invalid one are proven by;
      // one served with allowInsecureSsl, what the refusal of it for a private destination is.
      if (status === 200 && key) {
        for (const clause of ['FS-AUTH-REQUIRED', 'FS-400-URL', 'FS-400-TYPE', 'FS-400-BODY']) state.controls.add(clause);
        if ((r.body as { allowInsecureSsl?: unknown } | undefined)?.allowInsecureSsl === true) state.controls.add('FS-INSECURE-PRIVATE');
      }
      const insecure = judgeInsecure(r);
      if (insecure?.problem && status !== 401 && status !== 429) cases.push(mustRefuse('FS-INSECURE-PRIVATE', 'literal', reply, insecure.problem, '4xx'));
      return cases;
    },
  };
}
