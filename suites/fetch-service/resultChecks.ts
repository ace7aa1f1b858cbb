import type { Check, CheckContext } from '../../src/harness/suite-api/check.ts';
import { keyRefusalReason } from './diagnoseReply.ts';
import { fetchedStatus, replied, resultOf, type Expectation } from './expectations.ts';
import { judge, keyRefusal, probeAll, type Verdict } from './judge.ts';
import type { FarmPage } from './originFarm.ts';
import { followed, followedTour, tourPage, tourRows, type TourStop } from './redirectTour.ts';
import { bytesProblem, contentProblem, encodingNameProblem, encodingProblem, finalHeadersProblem, headersProblem, mimeProblem, shapeProblem } from './resultExpectations.ts';
import { begin, type SuiteTarget } from './SuiteTarget.ts';

/**
 * Seed §2's fetch result: its shape, its id, and that it reports the fetched response faithfully, on the
 * first request and at the end of every kind of redirect.
 */
export function defineResultChecks(check: Check, s: SuiteTarget): void {
  const pageCase = (page: FarmPage, expect: Expectation) => ({ label: page.path, call: { body: { url: s.farm.url('httpUrl', page.path) } }, expect });

  const shapePaths = ['/small', '/page/text-plain', '/binary/png', '/headers/repeated', '/status/201', '/redirect/status/302'];
  check('FS-RESULT-SHAPE', `results hold id, statusCode, headers of strings, content, contentType and encoding (${shapePaths.length} pages)`, async (ctx) => {
    const cases = shapePaths.map((path) => ({ label: path, call: { body: { url: s.farm.url('httpUrl', path) } }, expect: shapeProblem }));
    judge(ctx, s.client, 'a 200 reply must hold id (string), statusCode (integer), headers (object of strings), content, contentType and encoding (strings)', await probeAll(begin(ctx, s), cases));
  }, { paths: ['direct', 'unfollowed-redirect'] });

  const fetches = 12;
  check('FS-RESULT-ID-UNIQUE', `${fetches} fetches get ${fetches} different ids`, async (ctx) => {
    const post = begin(ctx, s);
    const verdicts: Verdict[] = [];
    const seen = new Map<string, number>();
    // Two at a time: within any concurrency limit, so every fetch gets a result to compare.
    for (let i = 0; i < fetches; i += 2) {
      const pair = await Promise.all([i, i + 1].map(() => post({ body: { url: s.farm.url('httpUrl', '/small') } })));
      for (const exchange of pair) {
        const n = verdicts.length + 1;
        // Compared as JSON: whether an id is a string is FS-RESULT-SHAPE's business, not this clause's.
        const raw = resultOf(exchange)?.id;
        const id = raw === undefined || raw === null || raw === '' ? undefined : JSON.stringify(raw);
        const earlier = id === undefined ? undefined : seen.get(id);
        const problem = id === undefined ? `no id to compare (${resultOf(exchange) ? `id ${JSON.stringify(raw)}` : replied(exchange)})` : earlier ? `the same id as fetch ${earlier}: ${id}` : undefined;
        if (id !== undefined && !earlier) seen.set(id, n);
        verdicts.push({ label: `fetch ${n}`, exchange, problem });
      }
    }
    judge(ctx, s.client, 'every fetch result must have an id different from those of other fetch requests', verdicts);
  }, { paths: ['sequential'] });

  const statuses = [200, 201, 404, 410, 500, 503];
  check('FS-RESULT-STATUS', `the fetched status is reported, errors included (${statuses.join(', ')})`, async (ctx) => {
    const cases = statuses.map((code) => ({ label: `origin answers ${code}`, call: { body: { url: s.farm.url('httpUrl', `/status/${code}`) } }, expect: fetchedStatus(code) }));
    judge(ctx, s.client, "the result's statusCode must be the fetched response's status (a 404 is a result, not an error)", await probeAll(begin(ctx, s), cases));
  }, { paths: ['direct'] });

  const headerPages = ['/headers/repeated', '/page/utf-8', '/binary/png'].map((p) => s.farm.page(p));
  check('FS-RESULT-HEADERS', 'every header the origin sent is reported with its value, as a string (repeated ones included)', async (ctx) => {
    const cases = headerPages.map((p) => pageCase(p, headersProblem(p)));
    judge(ctx, s.client, "the result's headers must hold each header the origin sent, with its value, as strings", await probeAll(begin(ctx, s), cases));
  }, { paths: ['direct', 'repeated'] });

  check('FS-RESULT-CONTENT', `content is the body: a string, text decoded with the reported encoding, never empty for a body (${s.farm.pages.length} pages, binary ones included)`, async (ctx) => {
    const cases = s.farm.pages.map((p) => pageCase(p, contentProblem(p)));
    judge(ctx, s.client, "the result's content must be a string holding the fetched body: a text body decoded with the reported encoding, a non-empty body non-empty", await probeAll(begin(ctx, s), cases));
  }, { paths: ['text', 'binary'] });

  const binaryPages = s.farm.pages.filter((p) => p.text === null);
  check('FS-RESULT-CONTENT-BYTES', `a binary body comes back byte for byte once content is decoded with the reported encoding (${binaryPages.map((p) => p.path).join(', ')})`, async (ctx) => {
    const cases = binaryPages.map((p) => pageCase(p, bytesProblem(p)));
    judge(ctx, s.client, "a binary body should be carried whole: the result's content decoded back with the reported encoding should be the body, byte for byte", await probeAll(begin(ctx, s), cases));
  }, { paths: ['binary'] });

  check('FS-CONTENT-TYPE', `contentType is the MIME type without parameters (${s.farm.pages.length} pages)`, async (ctx) => {
    const cases = s.farm.pages.map((p) => pageCase(p, mimeProblem(p)));
    judge(ctx, s.client, "the result's contentType must be the fetched Content-Type without parameters", await probeAll(begin(ctx, s), cases));
  }, { paths: ['direct'] });

  for (const p of s.farm.pages.filter((page) => page.path.startsWith('/page/') && page.encoding !== null)) {
    check('FS-ENCODING', `${p.path}: ${p.encoding} declared in ${p.declaredIn} is reported and decoded`, async (ctx) => {
      const verdicts = await probeAll(begin(ctx, s), [pageCase(p, encodingProblem(p))]);
      judge(ctx, s.client, `the result must name ${p.encoding} (${p.summary}) and hold the text decoded with it`, verdicts);
    }, { paths: [`${p.mimeType}; ${p.declaredIn}`] });
  }

  defineTourChecks(check, s);
}

/**
 * Seed §1 and §2 after every kind of redirect: with allowRedirects the result is the response at the end
 * of the chain, so each of its fields is the final page's, whichever status redirected, whether the
 * Location was relative or absolute, and across schemes and origins. One tour of fetches (redirectTour.ts)
 * is judged by each clause for its field; redirectChecks.ts judges that the tour's redirects were followed.
 */
function defineTourChecks(check: Check, s: SuiteTarget): void {
  const page = s.farm.page(tourPage);
  const tourPaths = tourRows(s.farm.listeners).map((row) => row.path);
  const kinds = tourPaths.length;
  const onTour = (clause: string, title: string, rule: string, expect: Expectation): void =>
    check(
      clause,
      `${title}, after each kind of redirect (${kinds}: every status, relative Locations, scheme changes, another origin)`,
      async (ctx) => {
        begin(ctx, s);
        judgeFollowed(ctx, s, rule, await followedTour(s), page.text, expect);
      },
      { paths: tourPaths },
    );

  onTour('FS-RESULT-SHAPE', 'results hold every field of the right type', 'a 200 reply must hold id (string), statusCode (integer), headers (object of strings), content, contentType and encoding (strings)', shapeProblem);
  onTour('FS-RESULT-STATUS', "the final page's status is reported, not the redirect's", "after a followed redirect, the result's statusCode must be the final response's", (x) => {
    const code = resultOf(x)?.statusCode;
    return code === 200 ? undefined : `the result reports statusCode ${JSON.stringify(code)}; the page at the end of the redirect answered 200`;
  });
  onTour('FS-RESULT-HEADERS', "the final page's headers are reported, not the redirect's", "after a followed redirect, the result's headers must be the final response's: each header it sent, and not the redirect's Location", finalHeadersProblem(page));
  onTour('FS-RESULT-CONTENT', "content is the final page's body", "after a followed redirect, the result's content must be the final response's body, decoded with the reported encoding", contentProblem(page));
  onTour('FS-CONTENT-TYPE', "contentType is the final page's MIME type", "after a followed redirect, the result's contentType must be the final response's MIME type", mimeProblem(page));
  onTour('FS-ENCODING', `encoding is the final page's (${page.encoding})`, "after a followed redirect, the result's encoding must name the final response's character encoding", encodingNameProblem(page));

  check('FS-RESULT-ID-UNIQUE', `the results of every kind of redirect (${kinds}, most to the same page) have different ids`, async (ctx) => {
    begin(ctx, s);
    const stops = (await followedTour(s)).filter((stop) => resultOf(stop.exchange));
    const seen = new Map<string, string>();
    const verdicts = stops.map(({ row, exchange }): Verdict => {
      const raw = resultOf(exchange)!.id;
      const id = raw === undefined || raw === null || raw === '' ? undefined : JSON.stringify(raw);
      const earlier = id === undefined ? undefined : seen.get(id);
      if (id !== undefined && !earlier) seen.set(id, row.label);
      return { label: row.label, exchange, problem: id === undefined ? `no id to compare (id ${JSON.stringify(raw)})` : earlier ? `the same id as the result of ${earlier}: ${id}` : undefined };
    });
    if (!verdicts.length) blockOnTour(ctx, await followedTour(s));
    judge(ctx, s.client, 'every fetch result must have an id different from those of other fetch requests, redirected ones included', verdicts);
  }, { paths: ['after-redirects'] });
}

/**
 * Judges the stops the service followed by `expect`; the others are FS-REDIRECT-FOLLOW's failures, named in
 * the evidence. None followed: nothing to judge, so the check is blocked by what stopped every one.
 */
function judgeFollowed(ctx: CheckContext, s: SuiteTarget, rule: string, stops: TourStop[], pageText: string | null, expect: Expectation): void {
  const judged = stops.filter((stop) => followed(stop.exchange, pageText));
  if (!judged.length) blockOnTour(ctx, stops);
  for (const stop of stops.filter((st) => !judged.includes(st))) ctx.notJudged(stop.row.path, `the service did not follow ${stop.row.label} (${replied(stop.exchange)}): FS-REDIRECT-FOLLOW judges that`);
  judge(ctx, s.client, rule, judged.map(({ row, exchange }) => ({ label: row.label, exchange, problem: expect(exchange) })));
}

/** No stop of the tour can be judged: blocked by the issued key refused, or by redirects not followed. */
function blockOnTour(ctx: CheckContext, stops: TourStop[]): never {
  const refused = keyRefusal(stops.map(({ row, exchange }) => ({ label: row.label, exchange, problem: 'not followed' })));
  if (refused) ctx.blocked('FS-AUTH-KEY', keyRefusalReason(refused));
  ctx.blocked('FS-REDIRECT-FOLLOW', `none of the ${stops.length} redirects was followed to the page at its end`);
}
