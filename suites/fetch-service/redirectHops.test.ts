import { describe, expect, test } from 'vitest';
import type { Exchange } from './fetchClient.ts';
import type { FarmRequest } from './originFarm.ts';
import { hopProblem, hopQuery, normalTarget, type HopProbe } from './redirectHops.ts';

const first = `/redirect/query/302?form=path-relative&probe=p&${hopQuery}`;
const hop = `/redirect/query/landed?probe=p&${hopQuery}`;
const probe: HopProbe = { status: 302, form: 'path-relative', probe: 'p', url: `http://127.0.0.1:1${first}`, location: `landed?probe=p&${hopQuery}`, first, hop };

const result = (content: string, statusCode = 200): Exchange => ({
  call: { body: {} },
  endpoint: 'http://127.0.0.1:2/v1/fetch',
  requestBody: '{}',
  status: 200,
  headers: { 'content-type': 'application/json' },
  text: '',
  json: { id: 'f', statusCode, headers: {}, content, contentType: 'text/plain', encoding: 'utf-8' },
  durationMs: 1,
  attempts: 1,
});
const logged = (...paths: string[]): FarmRequest[] => paths.map((path) => ({ method: 'GET', path, headers: {}, listener: 'http' }));

describe('hopProblem: each cause chosen from the farm log and the page reached', () => {
  test('the hop as the Location resolved, whole: nothing wrong, from the log or (nothing logged: a target answering in memory) from the page', () => {
    expect(hopProblem(probe, result(`landed at ${hop}\n`), logged(first, hop))).toEqual({});
    expect(hopProblem(probe, result(`landed at ${hop}\n`), logged(first, first, hop))).toEqual({});
    expect(hopProblem(probe, result(`landed at ${hop}\n`), [])).toEqual({});
    // Percent-encodings RFC 3986 §6.2.2 makes equivalent: lowercase hex, an unreserved character encoded.
    expect(hopProblem(probe, result(`landed at ${hop}\n`), logged(first, hop.replace('%E2%9C%93', '%e2%9c%93').replace('a=1', '%61=1')))).toEqual({});
  });

  test("the hop's query lost: only where the farm logged the first request and nothing after it", () => {
    const lost = hopProblem(probe, result('landed at /redirect/query/landed\n'), logged(first));
    expect(lost.cause).toBe("the hop's request lost the Location's query");
    expect(lost.problem).toContain('"/redirect/query/landed"');
    expect(hopProblem(probe, result(`landed at ${hop}\n`), logged(first, hop)).cause).toBeUndefined();
  });

  test('another target for the hop: a parameter lost, the query written anew, or a path not resolved', () => {
    for (const wrong of [hop.replace('&a=2', ''), hop.replace('two%20words', 'two+words'), `/landed?probe=p&${hopQuery}`]) {
      expect(hopProblem(probe, result(`landed at ${wrong}\n`), logged(first, wrong)).cause, wrong).toBe("the hop's request is not the Location resolved, whole");
      expect(hopProblem(probe, result(`landed at ${wrong}\n`), []).cause, wrong).toBe("the hop's request is not the Location resolved, whole");
    }
  });

  test('the first request not the URL asked for; the redirect not followed; no result', () => {
    expect(hopProblem(probe, result(`landed at ${hop}\n`), logged(first.replace('%20', '+'), hop)).cause).toBe('the first request is not the URL asked for');
    expect(hopProblem(probe, result('redirecting\n', 302), logged(first)).cause).toBe('the redirect was not followed');
    const refused = { ...result(''), status: 403, json: { statusCode: 403, error: 'Forbidden', message: 'No.' } };
    expect(hopProblem(probe, refused, logged()).problem).toMatch(/^got 403: No\.; expected 200/);
  });
});

test('normalTarget: percent-encodings in uppercase, unreserved characters decoded, reserved ones kept encoded', () => {
  expect(normalTarget('/a%7e%2f?x=%2f%20%41')).toBe('/a~%2F?x=%2F%20A');
});
