import { expect, test } from 'vitest';
import { routeOf } from './routeOf.ts';

test('POST /v1/fetch fetches; GET or HEAD /healthz is the health check', () => {
  expect(routeOf('POST', '/v1/fetch')).toBe('fetch');
  expect(routeOf('GET', '/healthz')).toBe('health');
  expect(routeOf('HEAD', '/healthz')).toBe('health');
});

test('another method on /v1/fetch is 405 with Allow; any other path, or POST /healthz, is 404', () => {
  expect(() => routeOf('GET', '/v1/fetch')).toThrow(expect.objectContaining({ status: 405, headers: { allow: 'POST' } }));
  for (const [method, path] of [['POST', '/v2/fetch'], ['POST', '/healthz'], ['GET', '/'], ['POST', '/v1/fetch/']]) {
    expect(() => routeOf(method!, path!), `${method} ${path}`).toThrow(expect.objectContaining({ status: 404 }));
  }
});
