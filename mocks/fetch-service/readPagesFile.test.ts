import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runFetchServiceMock } from '../../src/cli/commands/mock.ts';
import { conformInProcess } from '../../src/testing/conformInProcess.ts';
import { MockStartError } from '../MockStartError.ts';
import { readPagesFile } from './readPagesFile.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'conform-pages-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const file = async (name: string, text: string) => {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
};

describe('readPagesFile', () => {
  test('reads JSON, and YAML by its extension', async () => {
    expect(await readPagesFile(await file('p.json', JSON.stringify({ pages: [{ url: 'https://a.example/', body: 'a' }] })))).toEqual([{ url: 'https://a.example/', body: 'a' }]);
    expect(await readPagesFile(await file('p.yaml', 'pages:\n  - pattern: "https://b.example/*"\n    status: 404\n'))).toEqual([{ pattern: 'https://b.example/*', status: 404 }]);
  });

  test('a bad file is one line naming the file and the field', async () => {
    const bad = await file('bad.json', JSON.stringify({ pages: [{ url: 'https://a.example/' }, { url: 'https://b.example/' }, { url: 'https://c.example/', status: 600 }] }));
    await expect(readPagesFile(bad)).rejects.toThrow(new MockStartError(`--pages ${bad}: pages[2].status: pages[2].status is number 600; the spec says at most 599`));
    await expect(readPagesFile(bad)).rejects.toThrow(/^--pages .*bad\.json: pages\[2\]\.status: .*599/);
    const charset = await file('charset.json', JSON.stringify({ pages: [{ url: 'https://a.example/', body: '日本', charset: 'iso-8859-1' }] }));
    await expect(readPagesFile(charset)).rejects.toThrow(/charset\.json: pages\[0\]\.body: holds a character windows-1252 cannot encode$/);
    await expect(readPagesFile(await file('broken.json', '{"pages": ['))).rejects.toThrow(/broken\.json: is not JSON/);
    await expect(readPagesFile(join(dir, 'absent.json'))).rejects.toThrow(/absent\.json: cannot be read \(ENOENT\)/);
  });
});

describe('conform mock fetch-service --pages', () => {
  test('a bad file exits 2 with one line naming the file and the field', async () => {
    const bad = await file('cli-bad.json', JSON.stringify({ pages: [{ url: 'https://a.example/', status: 600 }] }));
    const run = await conformInProcess(['mock', 'fetch-service', '--port', '0', '--pages', bad]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`--pages ${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: pages\\[0\\]\\.status: .*599`));
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  test('the banner counts the pages loaded and gives the control URL; the pages are served', async () => {
    const pages = await file('cli.yaml', 'pages:\n  - url: https://news.example/article\n    body: from the file\n');
    let banner = '';
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    let shown!: () => void;
    const printed = new Promise<void>((resolve) => (shown = resolve));
    const running = runFetchServiceMock({ host: '127.0.0.1', port: 0, timeoutMs: 60_000, maxBytes: 1 << 20, maxConcurrency: 10, latency: 0, pages }, { SVC_API_KEY: 'pages-key-0123456789' }, (text) => ((banner += text), shown()), () => stopped);
    await Promise.race([running, printed]);
    try {
      const url = /listening on (\S+)/.exec(banner)![1]!;
      expect(banner).toContain(`  pages: 1 loaded from ${pages}`);
      expect(banner).toContain(`  control: ${url}/__conform/`);
      const fetched = await fetch(`${url}/v1/fetch`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-svc-api-key': 'pages-key-0123456789' }, body: JSON.stringify({ url: 'https://news.example/article' }) });
      expect(await fetched.json()).toMatchObject({ content: 'from the file' });
    } finally {
      stop();
      await running;
    }
  });
});
