import type { Check } from '../../src/harness/suite-api/check.ts';
import { replied, type Expectation } from './expectations.ts';
import { FetchClient } from './fetchClient.ts';
import { controlPasses, sendControls, servedPage, type Control } from './controlFetch.ts';
import { judge, probeAll, type Case } from './judge.ts';
import { begin, type SuiteTarget } from './SuiteTarget.ts';

/**
 * HTTP hygiene the seed leaves open and tools check on every operation (Schemathesis among them): other
 * methods on the operation's path get 405 with Allow, unknown paths 404. SHOULD clauses: §4 defines
 * POST /v1/fetch and nothing else, so what a service answers to the rest is its own choice, within HTTP.
 * Every probe carries the issued key, so a refusal for credentials is not what is seen.
 */
export function defineHttpChecks(check: Check, s: SuiteTarget): void {
  // A client of its own: these replies are not the operation's, so FS-SPEC-RESPONSE does not judge them.
  const client = new FetchClient(s.target);
  const body = { url: s.farm.url('httpUrl', '/small') };
  // A 405 or a 404 is the service's own only beside POST /v1/fetch served (FS-VERSION-PATH).
  const postServed: Control = { ...servedPage(s, 'POST /v1/fetch with the same body served'), clause: 'FS-VERSION-PATH' };

  const methods: Case[] = [
    { label: 'GET /v1/fetch', call: { method: 'GET' }, expect: notAllowed },
    { label: 'DELETE /v1/fetch', call: { method: 'DELETE', raw: '' }, expect: notAllowed },
    { label: 'PUT /v1/fetch with a fetch request', call: { method: 'PUT', body }, expect: notAllowed },
    { label: 'PATCH /v1/fetch with a fetch request', call: { method: 'PATCH', body }, expect: notAllowed },
  ];
  check('FS-HTTP-METHOD', `another method than POST on /v1/fetch (${methods.map((c) => c.call.method).join(', ')}) gets 405 with Allow naming POST`, async (ctx) => {
    const [verdicts, controls] = await Promise.all([probeAll((call) => client.post({ signal: ctx.signal, ...call }), methods), sendControls(begin(ctx, s), [postServed])]);
    judge(ctx, client, 'a method /v1/fetch does not take should get 405 with an Allow header naming POST (RFC 9110 §15.5.6)', verdicts);
    controlPasses(ctx, controls);
  }, { paths: ['get', 'put', 'delete', 'patch'] });

  const paths: Case[] = [
    { label: 'POST /v2/fetch (another version)', call: { path: '/v2/fetch', body }, expect: notFound },
    { label: 'POST /v1/fetches (beside the operation)', call: { path: '/v1/fetches', body }, expect: notFound },
    { label: 'POST /v1/fetch/extra (below the operation)', call: { path: '/v1/fetch/extra', body }, expect: notFound },
    { label: 'GET /conform-no-such-path', call: { method: 'GET', path: '/conform-no-such-path' }, expect: notFound },
  ];
  check('FS-HTTP-UNKNOWN-PATH', `a path the service does not serve (${paths.length}: another version, beside and below /v1/fetch, elsewhere) gets 404`, async (ctx) => {
    const [verdicts, controls] = await Promise.all([probeAll((call) => client.post({ signal: ctx.signal, ...call }), paths), sendControls(begin(ctx, s), [postServed])]);
    judge(ctx, client, 'a path the service does not serve should get 404 (RFC 9110 §15.5.5), not 2xx or 5xx', verdicts);
    controlPasses(ctx, controls);
  }, { paths: ['other-version', 'beside', 'below', 'elsewhere'] });
}

/** 405 with an Allow header that names POST (a comma-separated list of method tokens, RFC 9110 §10.2.1). */
const notAllowed: Expectation = (x) => {
  if (x.status !== 405) return `${replied(x)}; expected 405 Method Not Allowed`;
  const allow = x.headers.allow;
  if (allow === undefined) return '405 without an Allow header (RFC 9110 §15.5.6 makes it a MUST)';
  return allow.split(',').some((m) => m.trim() === 'POST') ? undefined : `405 with Allow: ${allow}, which does not name POST`;
};

const notFound: Expectation = (x) => (x.status === 404 ? undefined : `${replied(x)}; expected 404 Not Found`);
