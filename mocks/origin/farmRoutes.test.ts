import { describe, expect, test } from 'vitest';
import { farmPageEntry, farmPages } from './farmPages.ts';
import { originRoutes } from './originRoutes.ts';
import { useOriginFarm } from './fixtures/useOriginFarm.ts';
import { TextDecoder } from '../../src/encoding/TextDecoder.ts';

describe('farmRoutes', () => {
  const farm = useOriginFarm();
  const getJson = async (path: string): Promise<unknown> => (await fetch(farm().httpUrl + path)).json();

  test('/__farm/routes is the route table: path, query and summary of every route', async () => {
    const table = originRoutes.map(({ path, query, summary }) => ({ path, query: query ?? null, summary }));
    expect(await getJson('/__farm/routes')).toEqual(table);
  });

  test('/__farm/pages is the catalogue: expected text, MIME type, encoding, headers and base64 bytes', async () => {
    const pages = (await getJson('/__farm/pages')) as Array<{ path: string; base64: string; text: string | null }>;
    expect(pages).toEqual(farmPages.map(farmPageEntry));
    const windows1252 = pages.find((page) => page.path === '/page/windows-1252')!;
    expect(windows1252).toMatchObject({ mimeType: 'text/html', encoding: 'windows-1252', declaredIn: 'content-type' });
    expect(new TextDecoder('windows-1252').decode(Buffer.from(windows1252.base64, 'base64'))).toBe(windows1252.text);
  });

  test('/__farm/requests without a probe lists every logged request', async () => {
    await fetch(`${farm().httpUrl}/small?probe=listed`);
    const all = (await getJson('/__farm/requests')) as Array<{ path: string }>;
    expect(all.map((entry) => entry.path)).toContain('/small?probe=listed');
    expect(all.some((entry) => entry.path.startsWith('/__farm/'))).toBe(false);
  });
});
