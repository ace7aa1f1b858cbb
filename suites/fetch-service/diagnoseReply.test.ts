import { describe, expect, test } from 'vitest';
import { destinationRefused, requestTooLarge, tooManyRequests, unauthorized, unsupportedMediaType, type ServiceError } from '../../src/fetch-service/core/ServiceError.ts';
import { causeFamily, diagnoseReply, keyRefusalReason, mayBeKeyRefusal, showsKeyRefused, type CauseFamily } from './diagnoseReply.ts';
import type { Exchange, FetchCall } from './fetchClient.ts';
import { keyRefusal } from './judge.ts';

/** A reply as the suite's client records it. */
function reply(status: number, body: unknown, o: { headers?: Record<string, string>; call?: FetchCall; failure?: string; text?: string; contentType?: string } = {}): Exchange {
  const text = o.text ?? (body === undefined ? '' : JSON.stringify(body));
  return {
    call: o.call ?? { body: { url: 'http://127.0.0.1:1/page' } },
    endpoint: 'http://127.0.0.1:2/v1/fetch',
    requestBody: '{}',
    status,
    headers: { 'content-type': o.contentType ?? (o.text ? 'text/html' : 'application/json'), ...o.headers },
    text,
    json: o.text ? undefined : body,
    durationMs: 3,
    attempts: 1,
    ...(o.failure ? { failure: o.failure } : {}),
  };
}

/** The reference's own refusal, as it answers it. */
const refusal = (e: ServiceError, call?: FetchCall) => reply(e.status, e.body(), { headers: e.headers, ...(call ? { call } : {}) });

const causeOf = (x: Exchange) => diagnoseReply(x)?.cause;

describe('diagnoseReply: each diagnosis is chosen by the evidence it cites', () => {
  test('a destination refused (403 "The destination is not permitted.") is the destination, never the key', () => {
    const d = diagnoseReply(refusal(destinationRefused()))!;
    expect(d.cause).toBe('the destination refused (HTTP 403: "The destination is not permitted.")');
    expect(d.diagnosis).toMatch(/not the key/);
    expect(d.diagnosis).not.toMatch(/refused the key/);
    // Not selected by a 403 that says nothing of a destination.
    expect(causeOf(reply(403, { statusCode: 403, error: 'Forbidden', message: 'Nope.' }))).toBeUndefined();
  });

  test("the target's own key refused: a 401, a challenge, or words about the key", () => {
    expect(causeOf(refusal(unauthorized()))).toBe(`the target's own key refused (HTTP 401: "${unauthorized().message}")`);
    expect(causeOf(reply(403, { statusCode: 403, error: 'Forbidden', message: 'This API key is disabled.' }))).toMatch(/^the target's own key refused/);
    // Not for a request sent with another key on purpose, nor for a 403 that names the destination.
    expect(causeOf(refusal(unauthorized(), { body: {}, key: 'not-issued-1234' }))).toBeUndefined();
    expect(causeOf(refusal(destinationRefused()))).not.toMatch(/key/);
  });

  test('a limit: a 429, or a refusal that says so, even when it names the key it counts for', () => {
    expect(causeOf(refusal(tooManyRequests()))).toMatch(/^refused for a limit \(HTTP 429: "Too many concurrent fetches for this API key/);
    expect(causeOf(reply(403, { statusCode: 403, error: 'Forbidden', message: 'Daily quota exhausted.' }))).toMatch(/^refused for a limit/);
    expect(causeOf(refusal(unauthorized()))).not.toMatch(/limit/);
  });

  test('the request body: its size, its JSON, its Content-Type', () => {
    expect(causeOf(refusal(requestTooLarge(1024)))).toBe('the request body refused (HTTP 400: "The request body must be at most 1024 bytes.")');
    expect(causeOf(refusal(unsupportedMediaType()))).toMatch(/^the request body refused \(HTTP 415/);
    // A proxy's plain-text refusal says it as well as the service's JSON.
    expect(causeOf(reply(413, undefined, { text: 'Request Entity Too Large', contentType: 'text/plain' }))).toBe('the request body refused (HTTP 413: "Request Entity Too Large")');
    expect(causeOf(reply(400, { statusCode: 400, error: 'Bad Request', message: 'url must be a string.' }))).toBeUndefined();
  });

  test('an HTML page where JSON was due, whatever its status', () => {
    expect(causeOf(reply(403, undefined, { text: '<!doctype html><title>Access denied</title>' }))).toBe("an HTML page (HTTP 403) where the service's JSON was due");
    expect(causeOf(refusal(destinationRefused()))).not.toMatch(/HTML/);
  });

  test('no HTTP answer: the run\'s bounds, nothing listening, a connection closed, each from the failure\'s words', () => {
    expect(causeOf(reply(0, undefined, { failure: 'no answer within 30 s' }))).toBe("no HTTP answer within the run's bounds");
    expect(causeOf(reply(0, undefined, { failure: 'the body exceeded 64 MiB' }))).toBe("no HTTP answer within the run's bounds");
    expect(causeOf(reply(0, undefined, { failure: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:2' }))).toBe('connection refused');
    expect(causeOf(reply(0, undefined, { failure: 'other side closed' }))).toBe('the connection closed without an answer');
    const unknown = diagnoseReply(reply(0, undefined, { failure: 'EPROTO: wrong version number' }))!;
    expect(unknown.cause).toBe('no HTTP answer');
    expect(unknown.diagnosis).not.toMatch(/bounds|listening|closed/);
  });

  test('a 2xx or 5xx that is JSON shows no cause of its own', () => {
    expect(causeOf(reply(200, { url: 'x' }))).toBeUndefined();
    expect(causeOf(reply(502, { statusCode: 502, error: 'Bad Gateway', message: 'The destination could not be fetched.' }))).toBeUndefined();
  });
});

/**
 * Every family of cause, with answers that must select it and answers that must not (each of the latter
 * the nearest miss: the same status, or the same words on another status or request).
 */
const families: Record<CauseFamily, { selects: Exchange[]; not: Exchange[] }> = {
  limit: {
    selects: [refusal(tooManyRequests()), reply(403, { statusCode: 403, error: 'Forbidden', message: 'Rate limit exceeded for this key.' })],
    not: [refusal(unauthorized()), reply(403, { statusCode: 403, error: 'Forbidden', message: 'Forbidden' })],
  },
  destination: {
    selects: [refusal(destinationRefused()), reply(400, { statusCode: 400, error: 'Bad Request', message: 'Host is not allowed: 10.0.0.1' })],
    not: [refusal(unauthorized()), reply(502, { statusCode: 502, error: 'Bad Gateway', message: 'The destination could not be fetched.' })],
  },
  body: {
    selects: [refusal(requestTooLarge(1024)), refusal(unsupportedMediaType())],
    not: [reply(400, { statusCode: 400, error: 'Bad Request', message: 'url must be a string.' }), refusal(destinationRefused())],
  },
  key: {
    selects: [
      refusal(unauthorized()),
      reply(403, { statusCode: 403, error: 'Forbidden', message: 'Missing or unknown API key.' }),
      reply(403, {}, { headers: { 'www-authenticate': 'ApiKey' } }),
      // A 401 is the credentials' status, whatever else its words name.
      reply(401, { statusCode: 401, error: 'Unauthorized', message: 'Send a JSON body with the X-SVC-API-Key header.' }),
    ],
    not: [refusal(unauthorized(), { body: {}, key: 'not-issued-1234' }), refusal(destinationRefused()), reply(403, { statusCode: 403, error: 'Forbidden', message: 'Forbidden' })],
  },
  html: {
    selects: [reply(403, undefined, { text: '<!DOCTYPE html><html><body>Access denied</body></html>' }), reply(502, undefined, { text: '<html><h1>502 Bad Gateway</h1></html>' })],
    not: [reply(403, { statusCode: 403, error: 'Forbidden', message: '<html> is not a URL' }), reply(200, undefined, { text: 'plain text', contentType: 'text/plain' })],
  },
  bounds: {
    selects: [reply(0, undefined, { failure: 'no answer within 30 s' }), reply(0, undefined, { failure: 'not sent: the run was stopped' })],
    not: [reply(0, undefined, { failure: 'ECONNRESET: read ECONNRESET' }), reply(504, { statusCode: 504, error: 'Gateway Timeout', message: 'The fetch did not complete within 60 s.' })],
  },
  'nothing listening': {
    selects: [reply(0, undefined, { failure: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:2' })],
    not: [reply(0, undefined, { failure: 'other side closed' }), reply(502, { statusCode: 502, error: 'Bad Gateway', message: 'connect ECONNREFUSED 10.0.0.1:80' })],
  },
  'connection closed': {
    selects: [reply(0, undefined, { failure: 'other side closed' }), reply(0, undefined, { failure: 'socket hang up' })],
    not: [reply(0, undefined, { failure: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:2' }), reply(502, { statusCode: 502, error: 'Bad Gateway', message: 'The origin closed the connection.' })],
  },
  'no answer': {
    selects: [reply(0, undefined, { failure: 'EPROTO: wrong version number' })],
    not: [reply(0, undefined, { failure: 'no answer within 30 s' }), reply(500, { statusCode: 500, error: 'Internal Server Error', message: 'no answer' })],
  },
};

describe.each(Object.entries(families))('the %s family', (family, { selects, not }) => {
  test.each(selects.map((x) => [x.status, x.text || x.failure, x] as const))('selected by HTTP %s %s', (_status, _said, x) => {
    expect(causeFamily(x)).toBe(family);
    // The cause names what it read: the status, the answer's words or the failure.
    const cause = diagnoseReply(x)!;
    expect(`${cause.cause} ${cause.diagnosis}`).toContain(x.status === 0 ? x.failure!.slice(0, 20) : String(x.status));
  });
  test.each(not.map((x) => [x.status, x.text || x.failure, x] as const))('not by HTTP %s %s', (_status, _said, x) => {
    expect(causeFamily(x)).not.toBe(family);
  });
});

describe('what a refusal means to a check that judged nothing: the key only where the answer says so', () => {
  const verdict = (exchange: Exchange) => ({ label: 'a probe', exchange, problem: `got ${exchange.status}` });

  test('403 "The destination is not permitted." on every request: not the key, and the check is not blocked by it', () => {
    const x = refusal(destinationRefused());
    expect(mayBeKeyRefusal(x)).toBe(false);
    expect(showsKeyRefused(x)).toBe(false);
    expect(keyRefusal([verdict(x), verdict(x)])).toBeUndefined();
  });

  test('401 with the key named: the key refused, said with the answer', () => {
    const x = refusal(unauthorized());
    expect(keyRefusal([verdict(x), verdict(x)])).toBe(x);
    expect(keyRefusalReason(x)).toBe(`the issued key was refused (HTTP 401: "${unauthorized().message}") on every request this check sent`);
  });

  test('a 403 that says nothing: refused, and said to be unexplained, never the key', () => {
    const x = reply(403, { statusCode: 403, error: 'Forbidden', message: 'Forbidden' });
    expect(keyRefusal([verdict(x)])).toBe(x);
    expect(showsKeyRefused(x)).toBe(false);
    expect(keyRefusalReason(x)).toBe('every request this check sent with the issued key was refused (HTTP 403: "Forbidden"), an answer that does not say why');
  });

  test('a 403 HTML page, a limit, or a request refused once and served once: not blocked', () => {
    expect(keyRefusal([verdict(reply(403, undefined, { text: '<html>Access denied</html>' }))])).toBeUndefined();
    expect(keyRefusal([verdict(reply(403, { statusCode: 403, error: 'Forbidden', message: 'Daily quota exhausted.' }))])).toBeUndefined();
    expect(keyRefusal([verdict(refusal(unauthorized())), { label: 'served', exchange: reply(200, { id: 'x' }) }])).toBeUndefined();
  });
});
