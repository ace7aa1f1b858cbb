import { describe, expect, test } from 'vitest';
import { farmReach, type FarmProbeEvidence } from './farmReach.ts';

const pageText = '<!doctype html>\n<p>small page</p>\n';
const json = (status: number, body: object) => ({ status, text: JSON.stringify(body) });
const error = (status: number, message: string) => json(status, { statusCode: status, error: 'x', message });
const result = (content: unknown) => json(200, { id: '1', statusCode: 200, headers: {}, content, contentType: 'text/html', encoding: 'utf-8' });

describe('farmReach: the evidence that selects each answer, and the near misses that must not', () => {
  test.each<[string, Omit<FarmProbeEvidence, 'pageText'>, ReturnType<typeof farmReach>]>([
    ['the farm logged the request, whatever the answer', { answer: error(403, 'The destination is not permitted.'), arrived: true }, { reached: true }],
    ["the farm's page without a request (answered from the farm's route table in memory)", { answer: result(pageText), arrived: false }, { reached: true }],
    ['a page the farm never served', { answer: result('<h1>Welcome to nginx!</h1>'), arrived: false }, { reached: false, how: 'stranger', said: 'HTTP 200 with the content "<h1>Welcome to nginx!</h1>"' }],
    ['a 200 that is no fetch result: says nothing of the farm', { answer: { status: 200, text: 'OK' }, arrived: false }, { reached: undefined }],
    ['the destination refused, in the JSON message', { answer: error(403, 'The destination is not permitted.'), arrived: false }, { reached: false, how: 'refused', said: 'HTTP 403: "The destination is not permitted."' }],
    ['the destination refused, in a text body', { answer: { status: 403, text: 'blocked: private address' }, arrived: false }, { reached: false, how: 'refused', said: 'HTTP 403: "blocked: private address"' }],
    ['a 403 for the key ("not permitted" names no destination)', { answer: error(403, 'This API key is not permitted.'), arrived: false }, { reached: undefined }],
    ['a 401 for the key', { answer: error(401, 'A valid API key is required in the X-SVC-API-Key header.'), arrived: false }, { reached: undefined }],
    ['a 429', { answer: error(429, 'Too many concurrent fetches for this API key: wait and retry, or reduce concurrency.'), arrived: false }, { reached: undefined }],
    ['a 500', { answer: error(500, 'Internal error.'), arrived: false }, { reached: undefined }],
    ['a 502 the farm never received', { answer: error(502, 'The fetched host could not be reached or did not answer with a valid HTTP response.'), arrived: false }, { reached: false, how: 'failed', said: 'HTTP 502: "The fetched host could not be reached or did not answer with a valid HTTP response."' }],
    ['a 504 the farm never received', { answer: error(504, 'The fetch did not complete within 60 seconds.'), arrived: false }, { reached: false, how: 'failed', said: 'HTTP 504: "The fetch did not complete within 60 seconds."' }],
    ['a 502 for TLS: a handshake with the farm happened', { answer: error(502, 'TLS certificate verification failed for the fetched host.'), arrived: false }, { reached: undefined }],
    ['no answer within the bounds', { arrived: false }, { reached: undefined }],
  ])('%s', (_name, evidence, expected) => {
    expect(farmReach({ ...evidence, pageText })).toEqual(expected);
  });

  test('a long message is cut in the evidence', () => {
    const reach = farmReach({ answer: error(403, `destination refused ${'x'.repeat(300)}`), arrived: false, pageText });
    expect(reach).toMatchObject({ reached: false, how: 'refused' });
    expect((reach as { said: string }).said).toMatch(/^HTTP 403: "destination refused x+… \(320 characters\)"$/);
  });
});
