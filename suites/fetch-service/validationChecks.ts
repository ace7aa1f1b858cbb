import type { Check } from '../../src/harness/suite-api/check.ts';
import { status } from './expectations.ts';
import { judgeWithControls, servedPage } from './controlFetch.ts';
import type { Case } from './judge.ts';
import type { SuiteTarget } from './SuiteTarget.ts';

const badRequest = status(400);

/** Seed §4 rule 1: bodies that are not a fetch request get 400. */
export function defineValidationChecks(check: Check, s: SuiteTarget): void {
  const small = s.farm.url('httpUrl', '/small');
  const farm = new URL(s.farm.listeners.httpUrl);
  // A 400 proves the body was judged only beside a valid body that is served.
  const valid = servedPage(s, "a valid body (the farm's /small page, no options) served");

  // Malformed URLs are built on the farm's host, so a service that "repairs" one reaches only the farm. Only
  // what is no absolute URI is here: a port out of range is one by RFC 3986's grammar (§3.2.3: digits), so
  // whether it is refused (400) or fails to connect (502) is left open; an empty http host is invalid by
  // RFC 9110 §4.2.1.
  const badUrls: Array<[string, unknown]> = [
    ['null', null],
    ['a number', 42],
    ['true', true],
    ['an array holding a URL', [small]],
    ['an object', { href: small }],
    ['an empty string', ''],
    ['plain words', 'not a url'],
    ['a relative path', '/small'],
    ['a network-path reference (no scheme)', `//${farm.host}/small`],
    ['a scheme and nothing else', 'http://'],
    ['a space inside the host', `http://${farm.hostname} /small`],
    ['an unclosed IPv6 bracket', 'http://[::1/small'],
    // A valid URL with whitespace around or in it: no URI holds a space, a tab or a line break (RFC 3986 §2),
    // however readily a URL parser strips them (the WHATWG parser does, as an error it recovers from).
    ['a valid URL with a space before it', ` ${small}`],
    ['a valid URL with a space after it', `${small} `],
    ['a valid URL with a tab before it', `\t${small}`],
    ['a valid URL with a trailing line break', `${small}\n`],
    ['a valid URL with a trailing CRLF', `${small}\r\n`],
    ['a valid URL with a line break inside', `${farm.origin}/sm\nall`],
    ['a valid URL with a tab inside', `${farm.origin}/sm\tall`],
  ];
  check('FS-400-URL', `url absent, not a string, or not an absolute URI (${badUrls.length + 1} bodies): 400`, async (ctx) => {
    const cases: Case[] = [
      { label: 'url absent', call: { body: { allowRedirects: false } }, expect: badRequest },
      ...badUrls.map(([label, url]): Case => ({ label: `url ${label}: ${JSON.stringify(url)}`, call: { body: { url } }, expect: badRequest })),
    ];
    await judgeWithControls(ctx, s, 'a url that is absent, not a string or not a valid absolute URI must get 400', cases, [valid]);
  }, { paths: ['absent', 'not-a-string', 'empty-or-words', 'relative', 'no-host', 'malformed-host', 'whitespace-around', 'whitespace-inside'] });

  // Strings of the right shape in the wrong case ("True") are strings all the same.
  const wrongTypes: unknown[] = ['true', 'false', 'True', 'FALSE', 1, 0, null, [], {}];
  const options = ['allowRedirects', 'allowInsecureSsl', 'proxies'];
  check('FS-400-TYPE', `allowRedirects, allowInsecureSsl or proxies not a boolean (${wrongTypes.length * options.length} bodies): 400`, async (ctx) => {
    const cases = options.flatMap((option) =>
      wrongTypes.map((value): Case => ({ label: `${option}: ${JSON.stringify(value)}`, call: { body: { url: small, [option]: value } }, expect: badRequest })),
    );
    await judgeWithControls(ctx, s, 'an option present but not a boolean must get 400', cases, [valid]);
  }, { paths: ['allowRedirects', 'allowInsecureSsl', 'proxies'] });

  const badBodies: Array<[string, string]> = [
    ['an empty body', ''],
    ['a form instead of JSON', `url=${encodeURIComponent(small)}`],
    ['truncated JSON', '{"url": '],
    ['a JSON array', '[]'],
    ['a JSON array holding a request', JSON.stringify([{ url: small }])],
    ['JSON null', 'null'],
    ['a JSON number', '42'],
    ['a JSON string (the URL alone)', JSON.stringify(small)],
    ['JSON true', 'true'],
  ];
  check('FS-400-BODY', `bodies that are not JSON, or JSON but not an object (${badBodies.length} bodies): 400`, async (ctx) => {
    const cases = badBodies.map(([label, raw]): Case => ({ label, call: { raw }, expect: badRequest }));
    await judgeWithControls(ctx, s, 'a body that is not a JSON object must get 400', cases, [valid]);
  }, { paths: ['empty', 'not-json', 'json-not-object'] });
}
