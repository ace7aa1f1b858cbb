import { isIP } from 'node:net';
import { classifyAddress } from '../../fetch-service/core/classifyAddress.ts';
import { isLocalhostName, normalizeHost } from '../../fetch-service/core/destinationRule.ts';
import { describeValue } from '../../json/describeValue.ts';
import { essenceOf } from '../../json/mediaType.ts';
import type { ClientCase } from '../ClientCase.ts';
import { bodyObject, type FetchRead } from './readFetchExchange.ts';

/** Query parameters a key is put in by mistake. */
export const keyParams = ['api_key', 'apikey', 'key', 'x-svc-api-key'];

/** FS-CLIENT-KEY: every request carries the issued key in X-SVC-API-Key. */
export function judgeKey(read: FetchRead): ClientCase | undefined {
  if (read.op === 'health') return undefined;
  const c = { clause: 'FS-CLIENT-KEY', path: 'request', diagnosis: 'Send the key issued for the account in the X-SVC-API-Key header of every request (kept in $SVC_API_KEY by convention).' };
  const { key, x } = read;
  if (key === undefined) {
    const query = new URLSearchParams(x.request.query);
    const elsewhere = x.request.headers.authorization !== undefined ? 'the Authorization header' : keyParams.find((p) => query.has(p)) ? 'the query string' : undefined;
    return elsewhere
      ? { ...c, problem: `the request carried no X-SVC-API-Key header; a key went in ${elsewhere} instead, where the service does not read it`, cause: 'the key in another place than X-SVC-API-Key' }
      : { ...c, problem: 'the request carried no X-SVC-API-Key header', cause: 'no X-SVC-API-Key header' };
  }
  if (key.trim() === '') return { ...c, problem: 'the X-SVC-API-Key header was empty', cause: 'an empty X-SVC-API-Key' };
  if (x.answer.status === 401) return { ...c, problem: 'the service refused the key in X-SVC-API-Key (401): it is not one it issued', cause: 'a key the service did not issue' };
  return c;
}

/** FS-CLIENT-JSON-BODY: the fetch request is a JSON object labelled application/json. */
export function judgeJsonBody(read: FetchRead): ClientCase | undefined {
  if (read.op !== 'fetch') return undefined;
  const c = { clause: 'FS-CLIENT-JSON-BODY', path: 'fetch', diagnosis: 'Send the fetch request as JSON.stringify({ url, ... }) with Content-Type: application/json.' };
  const header = read.x.request.headers['content-type'];
  if (header === undefined) return { ...c, problem: 'the fetch request had no Content-Type: the body is sent as application/json', cause: 'no Content-Type' };
  const type = essenceOf(header);
  if (type !== 'application/json') return { ...c, problem: `the fetch request was labelled ${type || header}: the body is sent as application/json`, cause: 'another Content-Type than application/json' };
  if (read.body === undefined) return { ...c, problem: 'the body is not JSON', cause: 'a body that is not JSON' };
  if (!bodyObject(read)) return { ...c, problem: `the body is JSON but not an object (${describeValue(read.body)})`, cause: 'a JSON body that is not an object' };
  return c;
}

const booleanOptions = ['allowRedirects', 'allowInsecureSsl', 'proxies'] as const;

/** FS-CLIENT-OPTIONS: url a string holding an absolute URI; the options, when present, booleans. */
export function judgeOptions(read: FetchRead): ClientCase[] {
  const body = read.op === 'fetch' ? bodyObject(read) : undefined;
  if (!body) return [];
  const c = { clause: 'FS-CLIENT-OPTIONS', diagnosis: 'Send url as a string holding an absolute URL, and allowRedirects, allowInsecureSsl and proxies as JSON true or false (or leave them out).' };
  const cases: ClientCase[] = [];
  const { url } = body;
  if (url === undefined) cases.push({ ...c, path: 'url', problem: 'the fetch request had no url', cause: 'no url' });
  else if (typeof url !== 'string') cases.push({ ...c, path: 'url', problem: `url was ${describeValue(url)}, not a string`, cause: 'a url that is not a string' });
  else if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(url) || !URL.canParse(url)) cases.push({ ...c, path: 'url', problem: `url "${url.length > 120 ? `${url.slice(0, 120)}…` : url}" is not an absolute URI`, cause: 'a url that is not an absolute URI' });
  else cases.push({ ...c, path: 'url' });
  const present = booleanOptions.filter((name) => name in body);
  if (present.length) {
    const wrong = present.filter((name) => typeof body[name] !== 'boolean');
    cases.push(
      wrong.length
        ? { ...c, path: 'options', problem: wrong.map((name) => `${name} was ${describeValue(body[name])}, not a boolean`).join('; '), cause: 'an option that is not a boolean' }
        : { ...c, path: 'options' },
    );
  }
  return cases;
}

/** Address ranges the seed names for allowInsecureSsl's ban: localhost, private networks, link-local (cloud metadata). */
const bannedRanges = new Set(['loopback', 'private', 'linkLocal', 'uniqueLocal', 'unspecified', 'carrierGradeNat']);

/** FS-CLIENT-INSECURE-PRIVATE: allowInsecureSsl true never with a localhost, private, link-local or metadata host. */
export function judgeInsecure(read: FetchRead): ClientCase | undefined {
  const body = read.op === 'fetch' ? bodyObject(read) : undefined;
  if (body?.allowInsecureSsl !== true || typeof body.url !== 'string') return undefined;
  const url = URL.parse(body.url);
  if (!url) return undefined;
  const host = normalizeHost(url.hostname);
  const c = { clause: 'FS-CLIENT-INSECURE-PRIVATE', diagnosis: 'Leave allowInsecureSsl out (false) for localhost, private-network, link-local and cloud-metadata hosts; it is only for trusted public test hosts or environments you control.' };
  if (isLocalhostName(host)) return { ...c, path: 'literal', problem: `allowInsecureSsl true with ${url.host}, a localhost name`, cause: 'allowInsecureSsl with a localhost, private, link-local or metadata destination' };
  if (!isIP(host)) return { ...c, path: 'name' };
  const verdict = classifyAddress(host);
  const range = verdict.permitted ? undefined : verdict.range.split('/').at(-1)!;
  if (range && bannedRanges.has(range)) {
    return { ...c, path: 'literal', problem: `allowInsecureSsl true with ${url.host}, an address in the ${range} range`, cause: 'allowInsecureSsl with a localhost, private, link-local or metadata destination' };
  }
  return { ...c, path: 'literal' };
}
