import type { Check } from '../../src/harness/suite-api/check.ts';
import { fetchedStatus, replied, resultOf, type Expectation } from './expectations.ts';
import { judge, probeAll, type Verdict } from './judge.ts';
import type { FarmPage } from './originFarm.ts';
import { bytesProblem, contentProblem, encodingProblem, headersProblem, mimeProblem, shapeProblem } from './resultExpectations.ts';
import { begin, type SuiteTarget } from './SuiteTarget.ts';

/** Seed §2's fetch result: its shape, its id, and that it reports the fetched response faithfully. */
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
}

