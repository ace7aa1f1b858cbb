import { describe, expect, test } from 'vitest';
import { loadSpec } from './loadSpec.ts';
import { validateRequest } from './validateRequest.ts';

const mp = loadSpec('meeting-platform');
const fs = loadSpec('fetch-service');

describe('validateRequest', () => {
  const list = mp.operation('listMeetings');

  test('parses the query by its schema, applies defaults and caps page_size as the platform does', () => {
    expect(validateRequest(list, { method: 'GET', url: '/v2/users/me/meetings' })).toEqual({ violations: [], path: {}, query: { page_size: 30, type: 'scheduled' }, header: {}, body: undefined });
    expect(validateRequest(list, { method: 'GET', url: '/v2/users/me/meetings?page_size=1000&type=live&next_page_token=x' }).query).toEqual({ page_size: 300, type: 'live', next_page_token: 'x' });
  });

  test('a page_size that is no integer, below 1 or a type outside the enum is a violation', () => {
    const violations = (q: string) => validateRequest(list, { method: 'GET', url: `/v2/users/me/meetings?${q}` }).violations.map((v) => `${v.where}${v.pointer} ${v.rule}`);
    expect(violations('page_size=abc')).toEqual(['query/page_size type: integer']);
    expect(violations('page_size=1.0')).toEqual(['query/page_size type: integer']);
    expect(violations('page_size=0')).toEqual(['query/page_size minimum: 1']);
    expect(violations('type=past')).toEqual(['query/type enum']);
    expect(violations('unknown=1&page_size=5&page_size=x')).toEqual([]);
  });

  test('path parameters: decoded, or taken from the router; bad percent-encoding is a violation', () => {
    const get = mp.operation('getMeeting');
    expect(validateRequest(get, { method: 'GET', url: '/v2/meetings/%2Fabc%3D%3D' }).path).toEqual({ meetingId: '/abc==' });
    expect(validateRequest(get, { method: 'GET', url: '/v2/meetings/x', pathParams: { meetingId: '//y' } }).path).toEqual({ meetingId: '//y' });
    expect(validateRequest(get, { method: 'GET', url: '/v2/meetings/%zz' }).violations[0]).toMatchObject({ where: 'path', pointer: '/meetingId', rule: 'percent-encoding' });
  });

  test('JSON bodies: content type, syntax and schema', () => {
    const fetch = fs.operation('fetchPage');
    const check = (body: string, contentType?: string) =>
      validateRequest(fetch, { method: 'POST', url: '/v1/fetch', body, headers: contentType ? { 'Content-Type': contentType } : {} }).violations.map((v) => `${v.where}${v.pointer} ${v.rule}`);
    expect(check('{"url":"http://origin.conform.invalid/a","proxies":true,"extra":1}', 'application/json; charset=utf-8')).toEqual([]);
    expect(check('{"url":"http://origin.conform.invalid/a"}')).toEqual([]);
    expect(check('{"url":"http://origin.conform.invalid/a"}', 'text/plain')).toEqual(['header/content-type documented content type']);
    expect(check('{"url": ', 'application/json')).toEqual(['body JSON']);
    expect(check('', 'application/json')).toEqual(['body required body']);
    expect(check('{"url":"not a uri","proxies":"yes"}', 'application/json')).toEqual(['body/url format: uri', 'body/proxies type: boolean']);
    expect(check('[]', 'application/json')).toEqual(['body type: object']);
  });

  test('form bodies are read field by field', () => {
    const token = mp.operation('requestAccessToken');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect(validateRequest(token, { method: 'POST', url: '/oauth/token', headers: form, body: 'grant_type=account_credentials&account_id=A1' })).toMatchObject({ violations: [], body: { grant_type: 'account_credentials', account_id: 'A1' } });
    expect(validateRequest(token, { method: 'POST', url: '/oauth/token', headers: form, body: 'grant_type=client_credentials' }).violations.map((v) => v.rule)).toEqual(['required: account_id', 'const: "account_credentials"']);
  });
});
