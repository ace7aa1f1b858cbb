import type { Check, CheckContext } from '../../src/harness/suite-api/check.ts';
import { replied, resultOf, type Expectation } from './expectations.ts';
import { requireUnseen } from './farmProof.ts';
import { keyRefusalReason } from './diagnoseReply.ts';
import { judge, keyRefusal, probeAll, type Verdict } from './judge.ts';
import { newProbe } from './originFarm.ts';
import { notFollowed } from './redirectChecks.ts';
import { followed, followedTour, tourCall, tourPage, tourRows, type TourStop } from './redirectTour.ts';
import { contentProblem, encodingNameProblem, finalHeadersProblem, mimeProblem, shapeProblem } from './resultExpectations.ts';
import { begin, type SuiteTarget } from './SuiteTarget.ts';

/**
 * Seed §1 and §2 after every kind of redirect: with allowRedirects the result is the response at the end
 * of the chain, so each of its fields is the final page's, whichever status redirected, whether the
 * Location was relative or absolute, and across schemes and origins; without it, the redirect is the
 * result on every such path. One tour of fetches (redirectTour.ts) is judged by each clause for its field.
 */
export function defineRedirectPathChecks(check: Check, s: SuiteTarget): void {
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

  check('FS-REDIRECT-FOLLOW', `with allowRedirects, every kind of redirect (${kinds}) is followed to the page at its end`, async (ctx) => {
    begin(ctx, s);
    const stops = await followedTour(s);
    const verdicts = stops.map(({ row, exchange }): Verdict => ({
      label: row.label,
      exchange,
      problem: followed(exchange, page.text) ? undefined : resultOf(exchange) ? `the ${row.status} came back as the result: it was not followed` : `${replied(exchange)}; expected 200 with the page at the end of the redirect`,
    }));
    judge(ctx, s.client, 'with allowRedirects true, the result must be the response at the end of the redirect chain, whatever the redirect status, Location, scheme or origin', verdicts);
  }, { paths: tourPaths });

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

  check('FS-REDIRECT-DEFAULT', `without allowRedirects, every kind of redirect (${kinds}) is the result, Location included, and is not followed`, async (ctx) => {
    const probes = new Map<string, string>();
    const rows = tourRows(s.farm.listeners, (row) => {
      const probe = newProbe();
      probes.set(row, probe);
      return probe;
    });
    const verdicts = await probeAll(begin(ctx, s), rows.map((row) => ({ label: `${row.label}, allowRedirects omitted`, call: tourCall(row, undefined), expect: notFollowed(row.status, tourPage) })));
    await requireUnseen(s.farm, rows.map((row) => probes.get(row.path)!), verdicts, 'the origin farm received the page the redirect points to: it was followed', (r) => r.path.startsWith(tourPage));
    judge(ctx, s.client, 'with allowRedirects false or omitted, the result must be the 3xx response itself, with its Location, whatever the status, Location, scheme or origin', verdicts);
  }, { paths: tourPaths });
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
