import { describe, expect, test } from 'vitest';
import { farmPages } from './farmPages.ts';
import { getRaw } from '../../src/testing/getRaw.ts';
import { useOriginFarm } from './fixtures/useOriginFarm.ts';

/** The header lines a route set itself, in order: node:http's own (Date, Connection...) left out. */
function routeHeaderLines(rawHeaders: string[], names: Set<string>): Array<[string, string]> {
  const lines: Array<[string, string]> = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (names.has(rawHeaders[i]!.toLowerCase())) lines.push([rawHeaders[i]!, rawHeaders[i + 1]!]);
  }
  return lines;
}

describe('pageRoutes', () => {
  const farm = useOriginFarm();

  describe.each(['httpUrl', 'httpsUrl'] as const)('over %s', (listener) => {
    test.each(farmPages.map((page) => [page.path, page] as const))(
      '%s: status, header lines and body bytes exactly as catalogued',
      async (path, page) => {
        const r = await getRaw(farm()[listener] + path, { ca: farm().ca });
        expect(r.error).toBeNull();
        expect(r.status).toBe(page.status);
        const names = new Set(page.headers.map(([name]) => name.toLowerCase()));
        expect(routeHeaderLines(r.rawHeaders, names)).toEqual(page.headers);
        expect(r.body.equals(page.body)).toBe(true);
      },
    );
  });

  test('/status/:code answers with that status; 204 and 304 without a body', async () => {
    for (const code of [200, 201, 204, 304, 404, 418, 500, 503, 599]) {
      const r = await getRaw(`${farm().httpUrl}/status/${code}`);
      expect(r.status).toBe(code);
      expect(r.body.toString()).toBe(code === 204 || code === 304 ? '' : `status ${code}\n`);
    }
  });

  test('/status/:code refuses codes outside 200-599 with 400', async () => {
    for (const code of ['100', '199', '600', 'abc', '2000']) {
      expect((await getRaw(`${farm().httpUrl}/status/${code}`)).status, code).toBe(400);
    }
  });
});
