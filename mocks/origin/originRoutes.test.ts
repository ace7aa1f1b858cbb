import { expect, test } from 'vitest';
import { formatRouteTable } from './formatRouteTable.ts';
import { originRoutes } from './originRoutes.ts';

test('originRoutes: unique paths, each documented', () => {
  expect(new Set(originRoutes.map((route) => route.path)).size).toBe(originRoutes.length);
  for (const route of originRoutes) {
    expect(route.path).toMatch(/^\/[\w\-/:.]+$/);
    expect(route.summary.length).toBeGreaterThan(10);
  }
});

test('the brief: every kind of hostile origin is in the table', () => {
  const paths = originRoutes.map((route) => route.path);
  for (const path of [
    '/small', '/status/:code', '/page/utf-8', '/page/utf-8-bom', '/page/windows-1252', '/page/meta-charset',
    '/page/meta-http-equiv', '/page/shift_jis', '/binary/png', '/binary/octet-stream', '/headers/repeated',
    '/redirect/chain/:n', '/redirect/loop/:side', '/redirect/relative', '/redirect/absolute', '/redirect/status/:code',
    '/redirect/to', '/slow/headers', '/slow/drip', '/broken/reset', '/broken/chunked', '/big', '/gzip-bomb',
    '/__farm/info', '/__farm/routes', '/__farm/pages', '/__farm/requests',
  ]) {
    expect(paths).toContain(path);
  }
});

test('formatRouteTable: one aligned line per route, query shown after the path', () => {
  const lines = formatRouteTable(originRoutes).split('\n');
  expect(lines).toHaveLength(originRoutes.length);
  expect(lines.find((line) => line.startsWith('/slow/drip?ms=N&chunks=K '))).toBeDefined();
  const summaryColumn = new Set(lines.map((line, i) => line.indexOf(originRoutes[i]!.summary)));
  expect(summaryColumn.size).toBe(1);
});
