import { PassThrough } from 'node:stream';
import { expect, test } from 'vitest';
import { jsonLinesLogger } from './accessLog.ts';

test('writes one JSON object per line', () => {
  const out = new PassThrough();
  const chunks: string[] = [];
  out.on('data', (c: Buffer) => chunks.push(c.toString()));
  const log = jsonLinesLogger(out);
  log({ event: 'listening', time: '2026-01-01T00:00:00.000Z', url: 'http://127.0.0.1:1' });
  log({ event: 'request', time: 't', id: 'i', method: 'POST', path: '/v1/fetch', status: 200, durationMs: 1.5, key: 1 });
  const lines = chunks.join('').split('\n');
  expect(lines.at(-1)).toBe('');
  expect(lines.slice(0, -1).map((l) => JSON.parse(l) as { event: string })).toMatchObject([{ event: 'listening' }, { event: 'request', key: 1 }]);
});
